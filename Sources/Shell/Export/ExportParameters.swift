import Core

// Export's parameters stage: an action's parameters (`action tap (point=160,120, n=3) { … }`)
// as the parameters of its function, and the values its `set` commands work out from them
// (`set e.emitterPosition $point`, `birthRate=$n*2`) as expressions of those parameters.

/// A parameter of an exported action: its identifier in the code, its kind and its default
/// as a literal of the language.
struct ExportParameter: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case point, number

    /// The type the function declares it as, the same in both languages.
    var typeName: String {
      switch self {
      case .point: return "CGPoint"
      case .number: return "CGFloat"
      }
    }
  }

  /// Its name in Burst (`$NAME`).
  var name: String
  var ident: String
  var kind: Kind
  /// The default as the language writes it, and as Burst reads it.
  var fallback: String
  var burstDefault: String
}

extension SceneExporter {
  /// The parameters of `action` that code can carry: those whose default is a point
  /// (`point=160,120`) or a number (`n=3`). A command that reads any other (no default, a
  /// colour, a name) is left out as before.
  mutating func exportParameters(of action: NamedAction) -> [ExportParameter] {
    var out: [ExportParameter] = []
    for p in action.parameters {
      guard let text = p.fallback else { continue }
      let kind: ExportParameter.Kind
      let literal: String
      if let x = try? PropertyKind.number(-1e12...1e12).parse(text).number {
        (kind, literal) = (.number, number(x))
      } else if case .point(let pt)? = try? PropertyKind.point.parse(text) {
        (kind, literal) = (.point, point(pt))
      } else {
        continue
      }
      out.append(
        ExportParameter(
          name: p.name, ident: unique(p.name), kind: kind, fallback: literal, burstDefault: text))
    }
    return out
  }

  /// `set` of an action whose values read its parameters: the command runs on `probe` with the
  /// defaults (so later commands see its effect), and each property whose value reads a
  /// parameter is assigned the expression of it; the others as `translate` writes them. When
  /// any value is not an expression code can write, the command is left out whole.
  mutating func parameterSet(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let tokens = cmd.tokens
    var pairs: [(path: String, value: String)] = []
    if !tokens[2].quoted, tokens[2].text.keyValueEquals != nil {
      for t in tokens.dropFirst(2) {
        guard !t.quoted, let eq = t.text.keyValueEquals else {
          return leave(cmd, in: owner)
        }
        pairs.append(
          (tokens[1].keyPath + "." + t.text[..<eq], String(t.text[t.text.index(after: eq)...])))
      }
    } else if tokens.count == 3 {
      pairs = [(tokens[1].keyPath, tokens[2].text)]
    } else if tokens.count == 4, tokens[2].text == "=" {
      pairs = [(tokens[1].keyPath, tokens[3].text)]
    } else {
      return leave(cmd, in: owner)
    }
    let defaults = Dictionary(
      parameters.map { ($0.name, $0.burstDefault) }, uniquingKeysWith: { a, _ in a })
    guard pairs.allSatisfy({ !$0.path.contains(Binding.sigil) }),
      let bound = try? Binding.bind(cmd, defaults), (try? probe.execute(bound)) != nil
    else { return leave(cmd, in: owner) }
    let saved = body
    for (path, value) in pairs {
      guard var ref = try? probe.scene.model.resolveProperty(path) else {
        body = saved
        return leave(cmd, in: owner)
      }
      ref.field = nil
      let written =
        value.contains(Binding.sigil)
        ? assign(ref, reading: value, in: probe.scene.model)
        : assign(ref, in: probe.scene.model)
      guard written else {
        body = saved
        return leave(cmd, in: owner)
      }
    }
  }

  /// The assignment of property `ref` to the expression `value` reads of the parameters.
  private mutating func assign(_ ref: PropertyRef, reading value: String, in model: SceneModel)
    -> Bool
  {
    switch ref.object {
    case .layer(let id):
      guard let l = model.layer(id), id == SceneModel.rootID || names[id] != nil,
        let d = l.descriptors.first(where: { $0.name == ref.name }), !d.name.contains("."),
        let code = parameterExpression(value, kind: d.kind, boxed: false)
      else { return false }
      let key = dialect.key(objc: d.name, swift: d.swiftName ?? d.name)
      statement("\(target(l)).\(key) = \(code)")
    case .cell(let id, let path):
      guard let ident = names[id],
        let d = EmitterCell.descriptors.first(where: { $0.name == ref.name }),
        let code = parameterExpression(value, kind: d.kind, boxed: true)
      else { return false }
      guard let keyPath = Self.cellKeyPath(id, path, d.name, in: model) else { return false }
      setValue(code, keyPath: keyPath, on: ident)
    }
    return true
  }

  /// `value` (a `set` value that reads `$NAME`s) as an expression of the parameters for a
  /// property of `kind`: a point parameter as a point (`$point`), two numbers as a point or a
  /// size (`$x,$y+10`), and for a number arithmetic of numbers, number parameters, `pi` and
  /// brackets (`$n*2`). Nil for anything else.
  func parameterExpression(_ value: String, kind: PropertyKind, boxed: Bool) -> String? {
    switch kind {
    case .point:
      guard !boxed else { return nil }
      let parts = value.split(separator: ",", omittingEmptySubsequences: false)
      if parts.count == 1, let p = parameter(String(parts[0]).trimmed), p.kind == .point {
        return p.ident
      }
      guard parts.count == 2, let x = arithmetic(String(parts[0])),
        let y = arithmetic(String(parts[1]))
      else { return nil }
      return dialect.point(x, y)
    case .size:
      let parts = value.split(separator: ",", omittingEmptySubsequences: false)
      guard !boxed, parts.count == 2, let w = arithmetic(String(parts[0])),
        let h = arithmetic(String(parts[1]))
      else { return nil }
      return dialect.size(w, h)
    case .number, .angle, .integer:
      guard let e = arithmetic(value) else { return nil }
      return boxed ? dialect.boxedNumberExpression(e) : dialect.numberValue(e)
    default:
      return nil
    }
  }

  /// The parameter `$NAME` names, if `word` is one.
  private func parameter(_ word: String) -> ExportParameter? {
    guard Binding.isReference(word) else { return nil }
    return parameters.first { $0.name == word.dropFirst() }
  }

  /// Arithmetic of numbers, number parameters, `pi`, `+ - * /` and brackets, spelled as the
  /// language writes it (`$n*2` → `n * 2`); nil for anything else.
  private func arithmetic(_ text: String) -> String? {
    let chars = Array(text)
    var out: [String] = []
    var operand = false  // whether the last item written ends an operand
    var depth = 0
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == " " {
        i += 1
        continue
      }
      if c == Binding.sigil || c.isLetter {
        var j = i + 1
        while j < chars.count, Binding.isNameCharacter(chars[j]) { j += 1 }
        let word = String(chars[i..<j])
        if word == "pi" {
          out.append(dialect.piConstant)
        } else if let p = parameter(word), p.kind == .number {
          out.append(p.ident)
        } else if let p = parameter(word), p.kind == .point, j + 1 < chars.count,
          chars[j] == ".", chars[j + 1] == "x" || chars[j + 1] == "y",
          j + 2 == chars.count || !Binding.isNameCharacter(chars[j + 2])
        {
          out.append("\(p.ident).\(chars[j + 1])")  // `$point.y`: the field, as in C and Swift
          j += 2
        } else {
          return nil
        }
        guard !operand else { return nil }
        operand = true
        i = j
      } else if c.isNumber || c == "." {
        var j = i + 1
        while j < chars.count,
          chars[j].isNumber || chars[j] == "." || chars[j] == "e"
            || ("+-".contains(chars[j]) && chars[j - 1] == "e")
        {
          j += 1
        }
        guard !operand, let x = Double(String(chars[i..<j])) else { return nil }
        out.append(number(x))
        operand = true
        i = j
      } else if "+-*/".contains(c) {
        if operand {
          out.append(" \(c) ")
          operand = false
        } else if c == "-" {
          out.append("-")  // a sign
        } else {
          return nil
        }
        i += 1
      } else if c == "(" {
        guard !operand else { return nil }
        depth += 1
        out.append("(")
        i += 1
      } else if c == ")" {
        guard operand, depth > 0 else { return nil }
        depth -= 1
        out.append(")")
        i += 1
      } else {
        return nil
      }
    }
    guard operand, depth == 0 else { return nil }
    return out.joined()
  }
}

extension String {
  fileprivate var trimmed: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
