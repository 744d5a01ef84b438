import Core

// Export's tree stage: each layer's declaration, properties and cells, written from the
// descriptor tables where a value differs from a fresh object's.

extension SceneExporter {
  func layerName(_ id: LayerID) -> String { scene.model.layer(id)?.name ?? "" }

  func isInSubtree(_ id: LayerID) -> Bool {
    var cur: LayerID? = id
    while let c = cur {
      if c == top { return true }
      cur = scene.model.layer(c)?.parent
    }
    return false
  }

  /// The identifier a layer is reached by (`view.layer` for the root).
  func target(_ l: Layer) -> String {
    l.id == SceneModel.rootID ? "view.layer" : names[l.id] ?? Self.identifier(for: l.name)
  }

  /// The size of the hosting view the scene stands for: the root's bounds.
  var viewSize: Size { scene.model.root.properties.bounds.size }

  /// The root: its background becomes the view's, the rest `view.layer`'s. Its bounds are
  /// the view's own (the code never resizes the view): places and extents that are simple
  /// fractions of them are written relative to `view.bounds` (`viewSpaces`).
  mutating func rootSettings() {
    let root = scene.model.root
    let p = root.properties
    comment(
      "The scene: `view` is the hosting view (\(number(viewSize.width))×"
        + "\(number(viewSize.height)) pt in Burst).")
    statement("view.backgroundColor = " + uiColor(p.backgroundColor))
    // The root's name and position belong to the host, its bounds and background to the view.
    properties(
      Layer.layerDescriptors.filter { !$0.placedByHost }, of: root,
      fresh: Layer.new(.layer), target: "view.layer", relativeBegin: false)
  }

  /// The coordinate spaces of `l` that are the hosting view's, when the whole scene is
  /// exported: its superlayer's when that is the root (whose bounds start at 0,0 and whose
  /// sublayerTransform is the identity), and its own too when it also lies on the view
  /// untransformed with its bounds at 0,0 (a default emitter, or one whose frame is the
  /// view's bounds).
  func viewSpaces(of l: Layer) -> Set<CoordinateSpace> {
    let root = scene.model.root.properties
    guard top == SceneModel.rootID, l.parent == SceneModel.rootID,
      root.bounds.origin == Point(0, 0), root.sublayerTransform.isIdentity
    else { return [] }
    let p = l.properties
    let frameOrigin = Point(
      p.position.x - p.anchorPoint.x * p.bounds.size.width,
      p.position.y - p.anchorPoint.y * p.bounds.size.height)
    let ownIsView =
      p.bounds.origin == Point(0, 0) && frameOrigin == Point(0, 0) && p.transform.isIdentity
    return ownIsView ? [.superlayer, .own] : [.superlayer]
  }

  /// A layer's declaration, properties and cells, then (with `attach`) `addSublayer`. With
  /// `declaredAhead` (a layer an action makes) its variable is the entry point's, declared
  /// with the hoisted code, and the statement here gives it the new layer.
  mutating func layer(_ l: Layer, attach: Bool = true, declaredAhead: Bool = false) {
    let ident = unique(l.name)
    names[l.id] = ident
    let type = l.kind.appleClass
    body.append("")
    if declaredAhead {
      hoisted.append(dialect.statement(dialect.declareAhead(ident, type)))
      statement(dialect.assignNew(ident, type, factory: "layer"))
    } else {
      statement(dialect.new(ident, type, factory: "layer"))
    }
    statement("\(ident).name = " + string(l.name))
    // A value naming another layer (mask) is written once every layer exists (`masks`).
    // instanceTransform is written whole: Core Animation's transform key paths
    // (`transform.rotation`) are documented for transform and sublayerTransform only.
    properties(
      l.descriptors.filter { !$0.namesLayer && !$0.name.hasPrefix("instanceTransform.") }, of: l,
      fresh: Layer.new(l.kind), target: ident,
      relativeBegin: defaultTimingAbove(l.id), inView: viewSpaces(of: l))
    if l.kind == .emitter {
      cells(l.cells, owner: ident)
      behaviors(l.emitter.behaviors, owner: ident)
    }
    guard attach else { return }
    if let masked = scene.model.layers.first(where: { $0?.properties.mask == l.name }) ?? nil {
      // Core Animation's mask has no superlayer (its space is the masked layer's).
      comment("'\(l.name)' is the mask of '\(masked.name)', so it is in no layer tree.")
      return
    }
    var parent = "view.layer"
    if let pid = l.parent, pid != SceneModel.rootID {
      if l.id != top, let p = names[pid] {
        parent = p
      } else {
        comment("In Burst, '\(l.name)' is a sublayer of '\(layerName(pid))'.")
      }
    }
    statement(dialect.addSublayer(ident, to: parent))
  }

  /// `LAYER.mask = MASK` for every exported layer whose mask was exported too.
  mutating func masks(_ subtree: [LayerID]) {
    for id in subtree {
      guard let l = scene.model.layer(id), !l.properties.mask.isEmpty,
        let maskID = scene.model.layerID(named: l.properties.mask), let mask = names[maskID]
      else { continue }
      statement("\(target(l)).mask = \(mask)")
    }
  }

  /// Cells with their sub-cells, then the owner's `emitterCells`.
  mutating func cells(_ list: [EmitterCell], owner: String) {
    guard !list.isEmpty else { return }
    var idents: [String] = []
    for c in list {
      let ident = unique(c.name)
      idents.append(ident)
      statement(dialect.new(ident, "CAEmitterCell", factory: "emitterCell"))
      statement("\(ident).name = " + string(c.name))
      properties(
        EmitterCell.descriptors, of: c, fresh: EmitterCell(id: 0, name: ""), target: ident,
        relativeBegin: false)
      cells(c.cells, owner: ident)
    }
    statement("\(owner).emitterCells = " + array(idents))
  }

  /// An emitter's behaviours (a private API): each made through the runtime, its fields set
  /// by key, then the layer's `emitterBehaviors`.
  mutating func behaviors(_ list: [EmitterBehavior], owner: String) {
    guard !list.isEmpty else { return }
    comment("CAEmitterBehavior: \(BehaviorType.provenance).")
    var idents: [String] = []
    for b in list {
      let ident = unique(b.name)
      idents.append(ident)
      statement(dialect.newBehavior(ident, type: string(b.type.rawValue)))
      statement(dialect.setValue(string(b.name), forKeyPath: string("name"), on: ident))
      if !b.enabled {
        statement(
          dialect.setValue(dialect.boxedBool(false), forKeyPath: string("enabled"), on: ident))
      }
      for f in b.type.fields {
        guard let v = b.values[f.name] else { continue }
        statement(dialect.setValue(behaviorValue(v), forKeyPath: string(f.name), on: ident))
      }
    }
    statement(dialect.setValue(array(idents), forKeyPath: string("emitterBehaviors"), on: owner))
  }

  /// A behaviour field's value as an object.
  func behaviorValue(_ v: BehaviorValue) -> String {
    switch v {
    case .number(let x): return boxedNumber(x)
    case .vector(let xs), .numbers(let xs): return array(xs.map(boxedNumber))
    case .point(let p): return boxed(.point(p), kind: .point)
    case .bool(let b): return dialect.boxedBool(b)
    case .colors(let cs): return array(cs.map { boxed(.color($0), kind: .color) })
    case .word(let w): return string(w)
    }
  }

  /// Whether the layer's ancestors all keep the default timing, so that its parent's time is
  /// Burst's scene time shifted by the export moment.
  func defaultTimingAbove(_ id: LayerID) -> Bool {
    var cur = scene.model.layer(id)?.parent
    while let c = cur, let l = scene.model.layer(c) {
      let t = l.properties.timing
      guard t.beginTime == 0, t.speed == 1, t.timeOffset == 0 else { return false }
      cur = l.parent
    }
    return true
  }

  /// Assignments for the writable properties whose values differ from a fresh object's,
  /// each value once (`PropertyDescriptor.assignments`). With `relativeBegin`, `beginTime` is
  /// in scene time, so it is written relative to the export. A place or extent measured in
  /// one of the spaces `inView` is written relative to the hosting view's bounds where it can
  /// be (`viewRelative`).
  mutating func properties<Root>(
    _ descriptors: [PropertyDescriptor<Root>], of object: Root, fresh: Root, target: String,
    relativeBegin: Bool, inView: Set<CoordinateSpace> = []
  ) {
    let chosen = PropertyDescriptor.assignments(descriptors, of: object, from: fresh)
    for (d, v) in chosen {
      if let space = d.coordinates, inView.contains(space), let relative = viewRelative(v) {
        statement("\(target).\(d.name) = " + relative)
        continue
      }
      assignment(d, v, target: target, relativeBegin: relativeBegin)
    }
  }

  /// One property assignment (see `properties`).
  mutating func assignment<Root>(
    _ d: PropertyDescriptor<Root>, _ v: PropertyValue, target: String, relativeBegin: Bool
  ) {
    do {
      if case .image(let ref) = v, let name = Self.imageName(ref) {
        if case .builtin(let b) = ref, let s = SymbolImages.symbol(forBuiltin: b) {
          if !symbols.contains(s.symbol) { symbols.append(s.symbol) }
        } else if !images.contains(name) {
          images.append(name)
        }
      }
      if relativeBegin, d.name == "beginTime", let b = v.number {
        statement("\(target).beginTime = " + relativeTime(b - scene.now, to: nil))
      } else if d.name.contains(".") {
        setValue(boxed(v, kind: d.kind), keyPath: d.name, on: target)
      } else if d.name == "font", Root.self == Layer.self, case .string(let family) = v {
        // CATextLayer's font is a CFTypeRef: a family name is a CFString there.
        statement(
          "\(target).font = "
            + (language == .swift
              ? string(family) + " as CFString" : "(__bridge CFTypeRef)" + string(family)))
      } else if d.name == "shadowPath", case .path(let p) = v, let short = shortPath(p) {
        // A rect, rounded rect or ellipse as the one expression an app writes for it.
        statement("\(target).shadowPath = " + short)
      } else if case .path(let p) = v, !p.elements.isEmpty {
        shapePathAssignment(p, key: d.name, target: target)
      } else if Root.self == EmitterCell.self, case .enumeration(let e) = v,
        case .enumeration(_, let names) = d.kind,
        let spelled = dialect.cellEnumeration(e, names: names)
      {
        // CAEmitterCell's filters are plain Strings in Swift, not CALayerContentsFilter.
        statement("\(target).\(d.name) = \(spelled)")
      } else {
        let key = dialect.key(objc: d.name, swift: d.swiftName ?? d.name)
        statement("\(target).\(key) = " + expression(v, kind: d.kind))
      }
    }
  }
}
