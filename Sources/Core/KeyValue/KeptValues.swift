/// The values of the properties a type keeps without modelling them (see
/// `PropertyDescriptor.kept`): only those that differ from their default, by name. Nothing
/// iterates it, so its order never reaches output: `save`, `export` and `keys` walk the
/// property tables instead.
package struct KeptValues: Sendable, Equatable {
  private var values: [String: PropertyValue] = [:]

  package init() {}

  package subscript(name: String) -> PropertyValue? {
    get { values[name] }
    set { values[name] = newValue }
  }
}
