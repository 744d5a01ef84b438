import Core

/// Objects and properties: the layers, emitters and cells the code creates (`create`, the view's
/// own emitter: `ownEmitter`), its property assignments as `set` reads them (`setProperty`,
/// `valueText`), the cells and sublayers it adds (`attach`), and, in an action or a scheduled
/// block, the changes recorded as steps or gathered on an object the block creates.
extension ImportInterpreter {
  /// Records a property change of object `o`, now or (in an action or a scheduled block) later.
  func record(_ o: Int, _ assignment: ImportAssignment) throws(ImportSkip) {
    var a = assignment
    assignmentsMade += 1
    a.serial = assignmentsMade
    if recording.isEmpty || gathering(o) {
      objects[o].assignments.append(a)
    } else {
      recording[recording.count - 1].append(.set(object: o, assignment: a))
      // A timer's tick followed tick by tick reads what it set itself, as later ticks do
      // (the import's objects are put back after the ticks: `unrolledTicks`).
      if tickingTimer != nil, recording.count == 1 { objects[o].assignments.append(a) }
    }
  }

  /// Whether object `o` was created by an action or a block and is not built yet: its
  /// properties, cells and sublayers are then gathered on it.
  func pending(_ o: Int) -> Bool { objects[o].inStep && !objects[o].built }

  /// Whether the action or block that created object `o` is the one running its statements:
  /// its changes are then gathered on it, and the `build` step makes it as they leave it.
  func gathering(_ o: Int) -> Bool {
    pending(o) && objects[o].stepDepth == recording.count
  }

  /// Marks a layer a `build` step builds, and everything it holds, as built.
  func markBuilt(_ o: Int, depth: Int = 0) {
    guard depth < 64 else { return }
    objects[o].built = true
    for c in objects[o].cells + objects[o].sublayers { markBuilt(c, depth: depth + 1) }
  }

  func create(_ kind: ImportedObject.Kind, at: SourceToken) throws(ImportSkip)
    -> ImportValue
  {
    guard objects.count < Self.maxObjects else {
      throw skip("the import creates at most \(Self.maxObjects) layers and cells")
    }
    objects.append(
      ImportedObject(
        kind: kind, created: at, inStep: !recording.isEmpty, stepDepth: recording.count))
    return .object(objects.count - 1)
  }

  /// The property table of an object's kind.
  static func infos(_ kind: ImportedObject.Kind) -> [PropertyInfo] {
    switch kind {
    case .cell: return EmitterCell.descriptors.map(\.info)
    case .layer: return Layer.new(.layer).descriptors.map(\.info)
    case .emitter: return Layer.new(.emitter).descriptors.map(\.info)
    case .shape: return Layer.new(.shape).descriptors.map(\.info)
    case .gradient: return Layer.new(.gradient).descriptors.map(\.info)
    case .replicator: return Layer.new(.replicator).descriptors.map(\.info)
    case .text: return Layer.new(.text).descriptors.map(\.info)
    }
  }

  /// Whether `name` is a property an emitter layer has and a plain layer does not
  /// (`birthRate`, `emitterCells`): what makes the view's own layer an emitter.
  static func emitterSpecific(_ name: String) -> Bool {
    info(name, of: .emitter) != nil && info(name, of: .layer) == nil
  }

  /// A property by its Core Animation name or Apple's Swift spelling.
  static func info(_ name: String, of kind: ImportedObject.Kind) -> PropertyInfo? {
    infos(kind).first { $0.name == name || $0.swiftName == name }
  }

  func setProperty(
    _ receiver: ImportValue, _ name: String, _ value: ImportValue, at: SourceToken
  ) throws(ImportSkip) {
    if name == "layer", try hostsLayer(value, in: receiver, at: at) { return }
    let text = program.snippet(current)
    var name = name
    var value = value
    if case .object(let o) = receiver, isStoredProperty(name, ofInstance: o) {
      // `self.configuration = configuration`: the object's own stored property.
      try asInstance(o) { () throws(ImportSkip) in instance[name] = value }
      return
    }
    if case .hostLayer = receiver,
      SourceProgram.emitterOnly.contains(name) || ownLayer != nil && Self.emitterSpecific(name),
      !program.selfIsEmitter, !program.layerIsEmitter
    {
      // `layer.emitterCells = [cell]` in a view, or on a view of another file that a
      // representable makes: the view's layer is an emitter (its `layerClass` is declared
      // where the view class is), filling the view. Once it is, its birth rate and the other
      // properties only an emitter has are its too (`layer.birthRate = 0` in a `stop()`).
      if ownLayer == nil {
        warn(
          at, "the view's own layer is given \(name): taken as a CAEmitterLayer filling the view",
          hint: "its layerClass is declared in another file")
      }
      try setProperty(try ownEmitter(at: at), name, value, at: at)
      return
    }
    switch receiver {
    case .animation(let a):
      if name == "keyPath" {
        guard case .string(let k) = value else { throw skip("a keyPath is a string", at) }
        animations[a].keyPath = k
        return
      }
      guard let property = ImportedAnimation.property(name) else {
        throw skip("\(animations[a].kind.rawValue)'s \(name) is not imported", at)
      }
      var value = value
      if case .constant(let c) = value, let n = Self.infinite[String(c.dropFirst())] {
        value = .number(n)
      }
      animations[a].properties.append((property, value))
    case .path(let p):
      if try setPathStyle(p, name, value, at: at) { return }  // `path.lineWidth = 2`
      throw skip("a path is built with move(to:), addLine(to:) and the like", at)
    case .type("PlaygroundPage.current") where name == "liveView":
      // A playground's live view is what it shows: here, a layer of the scene.
      guard recording.isEmpty else { throw skip("a live view is set by the setup code", at) }
      if case .object(let o) = value, objects[o].kind != .cell, !objects[o].attached {
        try attach(value, to: .host, first: false, at: at)
      }
    case .behavior(let b):
      try setBehaviorField(b, name, value, at: at)  // `behavior.name = "flutter"`
    case .object(let o):
      let kind = objects[o].kind
      if objects[o].view != nil, name == "text" || name == "attributedText",
        case .string(let s) = value
      {
        // A label's text is kept for an image it is drawn into; the label itself still shows
        // no text here, which the usual warning says.
        viewTexts[o] = s
      }
      if objects[o].view != nil { name = Self.viewToLayer[name] ?? name }
      if objects[o].view == Self.labelClass, let mapped = labelProperty(name, value) {
        (name, value) = mapped
      }
      if name == "contents", kind != .cell, layerGoesWithout(value) { return }
      // A layer the enclosing action builds, given new cells in a block it schedules
      // (`dispatch_after(…, ^{ e.emitterCells = @[fall]; })`): built by the time the block runs.
      let builtBeforeBlock =
        pending(o) && objects[o].attached && objects[o].stepDepth < recording.count
      if !recording.isEmpty, !gathering(o), name == "emitterCells", kind != .layer,
        !pending(o) || builtBeforeBlock
      {
        // An action gives a layer the setup made new cells: they replace its cells when it runs.
        // (Its own cells may stay: `emitterCells?.filter { … }`, `(emitterCells ?? []) + [c]`.)
        let had = stepCells[o] ?? objects[o].cells
        // A cell the setup made and kept aside, in no layer (`self.heartCell`), comes in as
        // it was made, as one the action makes does. (Read before the list marks its cells.)
        var aside: Set<Int> = []
        // Cells the enclosing action made and gave to nothing yet come in as they were made.
        var madeAbove: Set<Int> = []
        if case .array(let items) = value {
          for case .object(let c) in items where objects[c].kind == .cell && !objects[c].attached {
            if !objects[c].inStep { aside.insert(c) }
            if pending(c), objects[c].stepDepth < recording.count { madeAbove.insert(c) }
          }
        }
        let cells = try cellList(value, at: at).map { original(ofCopy: $0, among: had) }
        guard
          cells.allSatisfy({
            gathering($0) || had.contains($0) || aside.contains($0) || madeAbove.contains($0)
          })
        else {
          throw skip(
            "an action's new emitterCells are its layer's own, cells it makes or cells the setup"
              + " kept aside", at)
        }
        // They stay out of the setup's layers (the action builds them when it runs).
        for c in aside { objects[c].attached = false }
        givenByActions.formUnion(aside.intersection(cells))
        add(
          .cells(
            object: o, cells: cells, had: had, at: tokens[current.lowerBound], statement: text))
        stepCells[o] = cells
        for c in cells where gathering(c) || madeAbove.contains(c) { markBuilt(c) }
        return
      }
      if !recording.isEmpty, !gathering(o), name == "emitterCells" || name == "name" {
        throw skip("only property values are scheduled, not \(name)", at)
      }
      if name == "emitterCells" {
        guard kind != .layer else { throw skip("a CALayer has no emitterCells", at) }
        let cells = try cellList(value, at: at)
        objects[o].cells = cells
        return
      }
      if name == "name" {
        guard case .string(let s) = value else { throw skip("a name is a string", at) }
        // An empty name (`cell.name = @""`) names nothing a key path can reach: the object
        // keeps the name the import gives an unnamed one.
        objects[o].explicitName = s.isEmpty ? nil : s
        return
      }
      if name == "mask", kind != .cell {
        // `card.mask = ring`: the mask has no superlayer on iOS; Burst keeps it under the
        // layer it masks and names it there once both have names (ImportCommand.translate).
        guard recording.isEmpty else { throw skip("only the setup code sets a mask", at) }
        guard case .object(let m) = value, objects[m].kind != .cell, m != o else {
          throw skip("a mask is a layer", at)
        }
        if !objects[m].attached {
          objects[o].sublayers.append(m)
          objects[m].attached = true
        }
        objects[o].mask = m
        return
      }
      if objects[o].view != nil, name == "wantsLayer" { return }  // AppKit: a view here has one
      if objects[o].view != nil, Self.inertViewProperties.contains(name) {
        return  // how the view responds or is laid out, not what it draws (`isEnabled`)
      }
      if objects[o].view != nil, name == "contentMode" {
        // `imageView.contentMode = .scaleAspectFit`: UIKit sets its layer's contentsGravity.
        var mode = value.constantName ?? ""
        if case .type(let t) = value { mode = t }  // Objective-C's `UIViewContentModeCenter`
        mode = ImportNames.unprefixed(mode, "UIViewContentMode")
        guard let gravity = Self.contentModeGravity[mode] else {
          throw skip(
            "contentMode \(mode.isEmpty ? value.kindName : mode) is not one Burst draws", at)
        }
        try setProperty(receiver, "contentsGravity", .constant("." + gravity), at: at)
        return
      }
      if objects[o].view != nil, name == "layer", case .object(let l) = value, l != o,
        objects[l].kind != .cell
      {
        // AppKit's `canvasView.layer = root` (`[canvasView setLayer:root]`) on a view of the
        // file: the view shows that layer, here as its sublayer filling it, as for the hosting
        // view's own.
        guard recording.isEmpty else { throw skip("only the setup code gives a view a layer", at) }
        var size = viewSize
        for a in objects[o].assignments where ["frame", "bounds"].contains(a.key) {
          if case .rect(let r) = a.value { size = r.size }
        }
        try showAsLayer(l, of: .object(o), size: size, at: at)
        return
      }
      guard let info = Self.info(name, of: kind) else {
        if o == ownLayer, recording.isEmpty {
          // `self.imageNameArray = …` in a CAEmitterLayer subclass: the class's own property.
          instance[name] = value
          return
        }
        throw skip("\(objects[o].className) has no property '\(name)' that Burst knows", at)
      }
      var value = value
      if case .number(let n) = value, n.isInfinite, n > 0, case .number(let r) = info.kind,
        r.upperBound == Limits.maxMagnitude
      {
        // `repeatCount = HUGE_VALF` (`.infinity`): forever, as the largest count Burst keeps.
        value = .number(r.upperBound)
        warn(
          at,
          "\(info.name) is infinite here (forever): kept as \(ValueFormatting.number(r.upperBound)),"
            + " the largest value Burst keeps")
      }
      let set = try recordedText(value, kind: info.kind, at: at)
      try record(
        o,
        ImportAssignment(
          key: info.name, text: set, value: value, at: tokens[current.lowerBound],
          statement: text))
    case .host, .hostLayer:
      if case .host = receiver, Self.inertViewProperties.contains(name),
        !program.properties.contains(where: { $0.name == name && $0.owner.map(isOwnType) == true })
      {
        return  // `self.userInteractionEnabled = NO`: nothing drawn changes
      }
      let ownVariable: Bool
      if case .host = receiver, !Self.viewProperties.contains(name), name != "backgroundColor" {
        ownVariable = true
      } else {
        ownVariable = false
      }
      // `self.emitter = [CAEmitterLayer layer]` in a tap handler is the handler's variable, as
      // a bare `_emitter = …` is; the view's own properties are not an action's to change.
      if !recording.isEmpty, !ownVariable {
        throw skip("actions and scheduled blocks only change layers and cells", at)
      }
      if name == "layer", case .host = receiver, case .object(let o) = value,
        objects[o].kind != .cell
      {
        // AppKit's `view.layer = root` (`[view setLayer:root]`): the view shows that layer,
        // here as its sublayer, filling it as a view's own layer does.
        try showAsLayer(o, of: .host, size: viewSize, at: at)
        return
      }
      if name == "masksToBounds" || (name == "clipsToBounds" && receiver == .host),
        let info = Self.info("masksToBounds", of: .layer)
      {
        hostClips = ImportAssignment(
          key: info.name, text: try valueText(value, kind: info.kind, at: at), value: value,
          at: tokens[current.lowerBound], statement: text)
        return
      }
      if name == "backgroundColor" {
        let set = try valueText(value, kind: .color, at: at)
        hostBackground = ImportAssignment(
          key: "backgroundColor", text: set, value: value, at: tokens[current.lowerBound],
          statement: text)
        return
      }
      if case .hostLayer = receiver, Self.hostLookProperties.contains(name),
        let info = Self.info(name, of: .layer)
      {
        hostLooks.append(
          ImportAssignment(
            key: info.name, text: try valueText(value, kind: info.kind, at: at), value: value,
            at: tokens[current.lowerBound], statement: text))
        return
      }
      let declared = program.properties.contains {
        $0.name == name && $0.owner.map(isOwnType) == true
      }
      guard case .host = receiver, !Self.viewProperties.contains(name) || declared else {
        // (A stored property the file's class declares by a view's name, `var layer:
        // CALayer` in a CALayer subclass, is its own.)
        throw skip("the hosting view's \(name) is not imported", at)
      }
      // `self.name = value` is the instance's, also when a local has the same name.
      if program.properties.contains(where: { $0.name == name }) { usedProperties.insert(name) }
      if case .object(let o) = value {
        if objects[o].variable == nil { objects[o].variable = name }
        objects[o].held(by: name)
      }
      instance[name] = value
      try observe(name)
    case .null where program.language == .objc:
      // `self.confettiLayer.birthRate = 0` before the layer exists: a message to nil, which
      // Objective-C ignores.
      return
    case .event:
      // A gesture recognizer's own settings (`tap.numberOfTapsRequired = 2`, `delegate`):
      // they say which touches make the event, which `run` stands for; nothing on screen.
      return
    default:
      throw skip("cannot set '\(name)' on \(receiver.kindName)", at)
    }
  }

  /// AppKit's `view.layer = l`: layer `l` joins `view` (unless something holds it already)
  /// and, unless the code placed it, fills the view's `size`.
  private func showAsLayer(_ l: Int, of view: ImportValue, size: Size, at: SourceToken)
    throws(ImportSkip)
  {
    if !objects[l].attached { try attach(.object(l), to: view, first: false, at: at) }
    if !objects[l].assignments.contains(where: { ["frame", "bounds", "position"].contains($0.key) })
    {
      objects[l].assignments.append(
        ImportAssignment(
          key: "frame", text: ValueFormatting.value(.rect(Rect(0, 0, size.width, size.height))),
          value: .void, at: nil, statement: "the view's layer fills it"))
    }
  }

  /// UIKit's label, drawn as a text layer.
  static let labelClass = "UILabel"

  /// **(choice)** A `UILabel`'s properties as its text layer's (docs/import.md, "Views"):
  /// `text` the string, `textColor` the text's colour, `textAlignment` the alignment
  /// (Objective-C's `NSTextAlignmentCenter` too), `font` the size of a system font
  /// (`.systemFont(ofSize: 28)`, `[UIFont boldSystemFontOfSize:28]`) or a named font's family,
  /// `numberOfLines` other than 1 wrapped lines; nil for any other property.
  func labelProperty(_ name: String, _ value: ImportValue) -> (String, ImportValue)? {
    switch name {
    case "text", "attributedText": return ("string", value)
    case "textColor": return ("foregroundColor", value)
    case "textAlignment":
      let spelled: String? =
        switch value {
        case .constant(let c), .type(let c): c
        default: nil
        }
      if let c = spelled, c.hasPrefix("NSTextAlignment"), c.count > "NSTextAlignment".count {
        let rest = c.dropFirst("NSTextAlignment".count)
        return ("alignmentMode", .constant("." + rest.prefix(1).lowercased() + rest.dropFirst()))
      }
      return ("alignmentMode", value)
    case "numberOfLines":
      guard case .number(let n) = value else { return nil }
      return ("wrapped", .bool(n != 1))
    case "font":
      if case .number = value { return ("fontSize", value) }
      if case .string = value { return ("font", value) }
      return nil
    default: return nil
    }
  }

  /// A view's properties by UIKit's names, as its layer's (a view's other layer properties are
  /// set through `view.layer`, which is the same object here).
  static let viewToLayer: [String: String] = [
    "alpha": "opacity", "center": "position", "isHidden": "hidden",
    "clipsToBounds": "masksToBounds", "image": "contents",
  ]

  /// UIView's `contentMode`, as the `contentsGravity` UIKit gives the view's layer
  /// (**choice**: `top` and `bottom` are the screen's, as Burst draws y down).
  static let contentModeGravity: [String: String] = [
    "scaleToFill": "resize", "redraw": "resize", "scaleAspectFit": "resizeAspect",
    "scaleAspectFill": "resizeAspectFill", "center": "center", "top": "top",
    "bottom": "bottom", "left": "left", "right": "right", "topLeft": "topLeft",
    "topRight": "topRight", "bottomLeft": "bottomLeft", "bottomRight": "bottomRight",
  ]

  /// View properties that change nothing drawn (touches reach actions however they are set;
  /// layout is the scene's; focus, tags and delegates draw nothing): read without a word, on
  /// the hosting view and on the views the code makes.
  static let inertViewProperties: Set<String> = [
    "isUserInteractionEnabled", "userInteractionEnabled", "autoresizingMask",
    "translatesAutoresizingMaskIntoConstraints", "isEnabled", "enabled", "isExclusiveTouch",
    "exclusiveTouch", "isMultipleTouchEnabled", "multipleTouchEnabled", "delegate",
    "dataSource", "tag", "accessibilityLabel", "accessibilityIdentifier",
    "isAccessibilityElement", "autocorrectionType", "keyboardType", "returnKeyType",
    "showsTouchWhenHighlighted", "adjustsImageWhenHighlighted",
  ]

  /// The properties of the hosting view's own layer that say how it looks, imported onto the
  /// hosting layer when the view sits inside a larger scene (`view WxH in WxH`, a control).
  static let hostLookProperties: Set<String> = [
    "cornerRadius", "borderWidth", "borderColor", "shadowColor", "shadowOpacity",
    "shadowRadius", "shadowOffset",
  ]

  /// UIButton's setters of its own images and titles besides `setImage` (which sets a view's
  /// contents on the views the code makes): UIKit's drawing, not imported.
  static let controlContentSetters: Set<String> = [
    "setBackgroundImage", "setTitle", "setTitleColor", "setAttributedTitle",
    "setTitleShadowColor",
  ]

  /// UIButton's and UIControl's methods of the view itself (a button subclass): its images and
  /// titles are UIKit's drawing, and its targets are the file's selectors, actions already.
  static let controlMethods =
    controlContentSetters.union(["setImage", "addTarget", "removeTarget"])

  /// UIView properties that are not the code's own variables.
  static let viewProperties: Set<String> = [
    "alpha", "isHidden", "hidden", "frame", "bounds", "center", "transform", "layer",
    "clipsToBounds", "isUserInteractionEnabled", "userInteractionEnabled", "tintColor",
    "contentMode", "autoresizingMask", "translatesAutoresizingMaskIntoConstraints", "view",
    "isOpaque", "opaque", "title", "navigationItem",
  ]

  private func cellList(_ value: ImportValue, at: SourceToken) throws(ImportSkip) -> [Int] {
    switch value {
    case .null: return []
    case .array(let items):
      var out: [Int] = []
      for item in items {
        if case .unknown(let why) = item {
          // A cell the code could not make: the others are kept.
          warn(at, "a cell of this emitterCells is left out", hint: why)
          continue
        }
        if case .constant(let name) = item {
          // A cell another file of the app makes (`CellFactory.spark`): the others are kept.
          warn(
            at, "a cell of this emitterCells is left out",
            hint: "'\(name.drop { $0 == "." })' is made in another file of the app")
          continue
        }
        guard case .object(let c) = item, objects[c].kind == .cell else {
          throw skip("emitterCells holds cells, not \(item.kindName)", at)
        }
        objects[c].attached = true
        out.append(c)
      }
      // Cells of one emitter may share a name on iOS (a key path reaches the first); here
      // each needs its own, so a repeated name is numbered on (`confetti2`).
      var seen: Set<String> = []
      var renamed: [(name: String, to: [String])] = []
      for c in out {
        guard let n = objects[c].explicitName else { continue }
        if seen.contains(n) {
          let new = Session.numbered(n) { !seen.contains($0) }
          objects[c].explicitName = new
          if let k = renamed.firstIndex(where: { $0.name == n }) {
            renamed[k].to.append(new)
          } else {
            renamed.append((n, [new]))
          }
        }
        seen.insert(objects[c].explicitName ?? n)
      }
      for (n, to) in renamed {
        warn(
          at,
          "cells of this emitter share the name '\(n)': the others are named "
            + to.map { "'\($0)'" }.joined(separator: ", ") + " here",
          hint: "on iOS a key path with '\(n)' reaches the first of them")
      }
      return out
    default:
      throw skip("emitterCells is an array of cells, not \(value.kindName)", at)
    }
  }

  func attach(_ child: ImportValue, to parent: ImportValue, first: Bool, at: SourceToken)
    throws(ImportSkip)
  {
    try attachLayer(child, to: parent, first: first, at: at)
    try layOut(child, at: at)
  }

  /// A layer of one of the file's own classes that joins the tree is laid out, as UIKit's next
  /// layout pass would do it: its class's `layoutSublayers()` runs once, with `self` the layer
  /// (a `CAEmitterLayer` subclass that sets its shape and position from its frame there).
  private func layOut(_ layer: ImportValue, at: SourceToken) throws(ImportSkip) {
    guard case .object(let o) = layer, let type = instanceClasses[o], !laidOut.contains(o),
      let f = program.functions.firstIndex(where: {
        madeClass(of: $0) == type && $0.name == "layoutSublayers" && $0.parameters.isEmpty
      })
    else { return }
    laidOut.insert(o)
    called.insert(f)
    let body = program.functions[f].body
    _ = try asInstance(o) { () throws(ImportSkip) in
      try invoke(body: body, parameters: ["self"], args: [layer], at: at, returnsValue: false)
    }
  }

  private func attachLayer(
    _ child: ImportValue, to parent: ImportValue, first: Bool, at: SourceToken
  ) throws(ImportSkip) {
    guard case .object(let c) = child, objects[c].kind != .cell else {
      throw skip("addSublayer takes a layer, not \(child.kindName)", at)
    }
    var parent = parent
    if objects[c].kind == .emitter, Self.isUnknownContainer(parent) {
      // **(choice)** `[self.player.view.layer insertSublayer:emitter below:…]` of a player
      // made by another file's class: the view it goes into is on the author's screen but not
      // known here, so the emitter joins the view, as the closest thing.
      parent = .hostLayer
      warn(
        at, "added this CAEmitterLayer to the view: the layer it goes into is not known here",
        hint: "a view of another file's object, or one the import could not make")
    }
    if !recording.isEmpty, !objects[c].inStep, !blockCopies.contains(c) {
      // A layer the setup made, added in an action: built where the action adds it, with
      // what the action changed before (its new cells too: `emitter.emitterCells =
      // makeCells()` before the `addSublayer`). Not added yet (`[self.layer
      // addSublayer:self.snowLayer]` in `start`): a `build`. Added already, added again
      // (`stopEmitter` may have removed it): a `readd`.
      let level = recording.count - 1
      func about(_ step: ImportStep) -> Bool {
        switch step {
        case .set(c, _), .layer(c, _, _, _), .cells(c, _, _, _, _): return true
        default: return false
        }
      }
      let earlier = recording[level].filter(about)
      recording[level].removeAll(where: about)
      var parentIndex: Int? = nil
      if case .object(let p) = parent, objects[p].kind != .cell, p != c { parentIndex = p }
      let statement = program.snippet(current)
      if objects[c].attached {
        add(.readd(object: c, parent: parentIndex, at: at, statement: statement))
        recording[level] += earlier
        return
      }
      add(.build(object: c, parent: parentIndex, at: at, statement: statement))
      recording[level] += earlier
      objects[c].inStep = true
      objects[c].attached = true
      markBuilt(c)
      return
    }
    if !recording.isEmpty {
      // In an action or a block: a layer it created is built where it is added.
      guard gathering(c), !objects[c].attached else {
        throw skip("an action adds only the layers it creates, once", at)
      }
      switch parent {
      case .host, .hostLayer:
        build(c, parent: nil, at: at)
      case .object(let p) where objects[p].kind != .cell && p != c && gathering(p):
        objects[p].sublayers.removeAll { $0 == c }
        if first { objects[p].sublayers.insert(c, at: 0) } else { objects[p].sublayers.append(c) }
      case .object(let p) where objects[p].kind != .cell && p != c:
        build(c, parent: p, at: at)
      default:
        throw skip("cannot add a sublayer to \(parent.kindName)", at)
      }
      objects[c].attached = true
      return
    }
    switch parent {
    case .host, .hostLayer:
      hostSublayers.removeAll { $0 == c }
      if first { hostSublayers.insert(c, at: 0) } else { hostSublayers.append(c) }
    case .object(let p) where objects[p].kind != .cell && p != c:
      objects[p].sublayers.removeAll { $0 == c }
      if first { objects[p].sublayers.insert(c, at: 0) } else { objects[p].sublayers.append(c) }
    default:
      throw skip("cannot add a sublayer to \(parent.kindName)", at)
    }
    objects[c].attached = true
  }

  /// The methods that add a layer into another (Swift's names, Objective-C's first parts).
  static let sublayerAdds: Set<String> = ["addSublayer", "insertSublayer"]

  /// Whether a call is UIKit's `addSublayer(_:)` or `insertSublayer(_:…)` (`labels` nil: an
  /// Objective-C message, `addSublayer:`), not a method of the app that shares the name
  /// (`addSublayer(layer:)` of a delegate).
  static func isSublayerAdd(_ name: String, labels: [String]?) -> Bool {
    sublayerAdds.contains(name) && (labels?.first ?? "_") == "_"
  }

  /// The verbs a method that takes a layer to show it starts with (`addSublayer(layer:)`,
  /// `add(emitter:)`, `showEmitter:`, `insertLayer(_:)`), matched at a word boundary.
  static let handOffVerbs = ["add", "insert", "attach", "show", "present", "display", "place"]

  /// Whether `name` starts with one of `handOffVerbs` as a word (`addSublayer`,
  /// `insertSublayer`, `show`; not `address` or `showsTouches`).
  static func isHandOffName(_ name: String) -> Bool {
    handOffVerbs.contains { verb in
      name.hasPrefix(verb)
        && name.dropFirst(verb.count).first.map { $0.isUppercase || $0 == ":" } ?? true
    }
  }

  /// **(choice)** An emitter the code has not added anywhere, handed to a method of an object
  /// not known here whose name says it shows it (`delegate?.addSublayer(layer: snowLayer)` of
  /// a delegate another file of the app sets, `[self.delegate showEmitter:e]`): that method
  /// adds it to a view on the author's screen, so it joins the view, with a warning. True when
  /// it did.
  /// `labels` are a Swift call's (nil: an Objective-C message's); UIKit's own
  /// `addSublayer(_:)` and `insertSublayer(_:…)` (every Objective-C `addSublayer:`) are
  /// `attachLayer`'s rule instead.
  func handOff(
    _ receiver: ImportValue, _ name: String, labels: [String]?, _ values: [ImportValue],
    at: SourceToken
  ) throws(ImportSkip) -> Bool {
    guard Self.isUnknownContainer(receiver), !Self.isSublayerAdd(name, labels: labels),
      Self.isHandOffName(name),
      let emitter = values.first(where: {
        guard case .object(let o) = $0 else { return false }
        return objects[o].kind == .emitter && !objects[o].attached
      })
    else { return false }
    try attach(emitter, to: .hostLayer, first: false, at: at)
    warn(
      at, "added this CAEmitterLayer to the view: \(name) of an object not known here shows it",
      hint: "a delegate or helper of another file of the app adds it to its view")
    return true
  }

  /// Whether a layer added to `parent` goes into a layer not known here: nil where the code
  /// reads a view it could not make, or a value of another file.
  static func isUnknownContainer(_ parent: ImportValue) -> Bool {
    switch parent {
    case .null, .unknown: return true
    default: return false
    }
  }

  /// Layer `o` out of the tree the setup is building (its superlayer's sublayers, or the
  /// hosting view's): what `removeFromSuperlayer()` does before anything shows.
  func detach(_ o: Int) {
    hostSublayers.removeAll { $0 == o }
    for p in objects.indices where objects[p].sublayers.contains(o) {
      objects[p].sublayers.removeAll { $0 == o }
    }
    objects[o].attached = false
  }

  /// A value as `set` reads it; in an action or a scheduled block, a number worked out from
  /// `CACurrentMediaTime()` is `now` (`now+0.2`): the time when the block runs.
  private func recordedText(_ value: ImportValue, kind: PropertyKind, at: SourceToken)
    throws(ImportSkip) -> String
  {
    if !recording.isEmpty, case .number = kind, case .number(let n) = value,
      tokens[current].contains(where: { $0.isIdentifier("CACurrentMediaTime") })
    {
      let offset = ((n - now) * 1e9).rounded() / 1e9
      let w = SceneCommands.nowWord
      return offset == 0 ? w : w + (offset > 0 ? "+" : "") + ValueFormatting.number(offset)
    }
    return try valueText(value, kind: kind, at: at)
  }

  /// A value as `set` reads it for a property of `kind`.
  func valueText(_ value: ImportValue, kind: PropertyKind, at: SourceToken)
    throws(ImportSkip) -> String
  {
    func wrong() -> ImportSkip {
      skip("expected a \(kind.word) here, not \(value.kindName)", at)
    }
    if isFormula(value), let text = formulaText(value) {
      // A number the action works out from its parameters when it runs.
      // A pair (`X,Y` from `CGPoint(x:y:)`) is a point's or a size's; one number a number's.
      let pair = text.contains(",")
      switch kind {
      case .number where !pair, .angle where !pair, .integer where !pair, .point where pair,
        .size where pair:
        for name in parameters.keys where text.contains("$" + name) {
          usedParameters.insert(name)
        }
        return text
      default: throw wrong()
      }
    }
    if case .parameter(let name) = value, let fallback = parameters[name] {
      guard fallback.kind == kind else { throw wrong() }
      usedParameters.insert(name)
      return "$" + name
    }
    switch (kind, value) {
    case (.number, .number(let n)), (.angle, .number(let n)), (.integer, .number(let n)):
      return ValueFormatting.number(n)
    case (.number, .bool(let b)), (.integer, .bool(let b)):
      return b ? "1" : "0"
    case (.point, .point(let p)): return ValueFormatting.value(.point(p))
    case (.size, .size(let s)): return ValueFormatting.value(.size(s))
    case (.rect, .rect(let r)): return ValueFormatting.value(.rect(r))
    case (.number, .constant(".zero")), (.angle, .constant(".zero")),
      (.integer, .constant(".zero")):
      return "0"  // `emissionLongitude = .zero`
    case (.point, .constant(".zero")): return "0,0"
    case (.size, .constant(".zero")): return "0,0"
    case (.rect, .constant(".zero")): return "0,0,0,0"
    case (.color, .color(let c)): return SceneSaver.colorText(c)
    case (.color, .constant(let c)):
      guard let color = ImportNames.color(c) else { throw wrong() }
      return SceneSaver.colorText(color)
    case (.color, .null): return SceneSaver.colorText(.clear)
    case (.bool, .bool(let b)): return PropertyKind.boolWord(b)
    case (.bool, .number(let n)): return PropertyKind.boolWord(n != 0)
    case (.enumeration, .constant(let c)), (.enumeration, .string(let c)):
      // Checked here, so a wrong constant (`emitterShape = kCAEmitterLayerPoints`, a mode) skips
      // its own assignment, also inside an action, not the whole action when it runs.
      do throws(ValueError) {
        _ = try kind.parseClamping(c)
      } catch {
        throw skip(error.message, at)
      }
      return c
    case (.image, .image(let ref)): return ValueFormatting.value(.image(ref))
    case (.transform3D, .transform(let t)): return t
    case (.transform3D, .constant(".identity")): return "identity"
    case (.image, .null): return ImageRef.noneWord
    case (.text, .string(let s)): return "\"\(s)\""
    case (.string, .string(let s)): return ValueFormatting.quotedString(s)
    case (.string, .null): return ValueFormatting.quotedString("")
    case (.path, .path(let p)): return shapePathText(p)
    case (.path, .null): return ImageRef.noneWord
    case (.numberList, .array(let items)):
      var numbers: [String] = []
      for item in items { numbers.append(ValueFormatting.number(try number(item, at: at))) }
      return "[" + numbers.joined(separator: ", ") + "]"
    case (.numberList, .null): return "[]"
    case (.colorList, .array(let items)):
      var colors: [String] = []
      for item in items { colors.append(try valueText(item, kind: .color, at: at)) }
      return "[" + colors.joined(separator: ", ") + "]"
    case (.colorList, .null): return "[]"
    default: throw wrong()
    }
  }

  /// The view's own layer when `layerClass` is CAEmitterLayer: an emitter filling the view.
  func ownEmitter(at: SourceToken) throws(ImportSkip) -> ImportValue {
    if let o = ownLayer { return .object(o) }
    guard case .object(let o) = try create(.emitter, at: at) else { return .null }
    ownLayer = o
    // The view's own layer is the setup's, also when an action reads it first.
    objects[o].inStep = false
    objects[o].stepDepth = 0
    objects[o].attached = true
    objects[o].assignments.append(
      ImportAssignment(
        key: "frame",
        text: ValueFormatting.value(.rect(Rect(0, 0, viewSize.width, viewSize.height))),
        value: .void, at: nil, statement: "the view's own layer fills it"))
    hostSublayers.append(o)
    return .object(o)
  }
}

extension ImportInterpreter {
  /// The `build` step of layer `c`, made by the running action or block, added to `parent`
  /// (nil: the view). An animation the code added to it or to a layer inside it before it was
  /// added (`[tView.layer addAnimation:…]` before `[self.view.layer addSublayer:replicator]`)
  /// starts once it is built, as on iOS, where it waits in the layer until then.
  private func build(_ c: Int, parent: Int?, at: SourceToken) {
    var inside: Set<Int> = []
    func collect(_ o: Int, depth: Int) {
      guard depth < 64, inside.insert(o).inserted else { return }
      for l in objects[o].sublayers { collect(l, depth: depth + 1) }
    }
    collect(c, depth: 0)
    let level = recording.count - 1
    func waits(_ step: ImportStep) -> Bool {
      if case .layer(let o, let commands, _, _) = step {
        return inside.contains(o) && commands.allSatisfy(\.addsAnimation)
      }
      return false
    }
    let waiting = recording[level].filter(waits)
    recording[level].removeAll(where: waits)
    add(.build(object: c, parent: parent, at: at, statement: program.snippet(current)))
    recording[level] += waiting
  }

  /// `cell.copy() as! CAEmitterCell` (`[cell copy]`): a new cell (or layer) with the same
  /// properties and copies of its cells, added nowhere yet; it is named anew when added.
  func copyObject(_ o: Int, at: SourceToken, depth: Int = 0) throws(ImportSkip) -> Int {
    guard depth < 16 else { throw skip("cells nested more than 16 deep are not copied", at) }
    guard case .object(let n) = try create(objects[o].kind, at: at) else {
      throw skip("a copy that could not be made", at)
    }
    objects[n].assignments = objects[o].assignments
    objects[n].explicitName = objects[o].explicitName
    objects[n].view = objects[o].view
    var cells: [Int] = []
    for c in objects[o].cells {
      let copied = try copyObject(c, at: at, depth: depth + 1)
      objects[copied].attached = true
      cells.append(copied)
    }
    objects[n].cells = cells
    objects[n].copied = (o, objects[n].assignments.count, cells.count)
    return n
  }

  /// The cell an action's copy stands for: its original, when the copy was made by the running
  /// action, changed nowhere since, and the original is among the cells `had` (the layer's own).
  /// Burst's cell then already holds every change the action made to the original: the copy
  /// Core Animation needs (a layer keeps copies of its cells, so a changed template shows only
  /// once given again) is that cell.
  func original(ofCopy c: Int, among had: [Int]) -> Int {
    guard gathering(c), let copy = objects[c].copied, had.contains(copy.of),
      objects[c].assignments.count == copy.assignments, objects[c].cells.count == copy.cells
    else { return c }
    return copy.of
  }
}

extension ImportInterpreter {
  /// AppKit's layer-hosting view (`[theView setLayer:rootLayer]`, `view.layer = rootLayer`,
  /// then `wantsLayer = YES`): the layer the code made is the view's content, filling it. Here
  /// it is added to the view (the hosting view, or a view the code made) with the view's
  /// bounds as its frame. False when `value` is not such a layer.
  func hostsLayer(_ value: ImportValue, in receiver: ImportValue, at: SourceToken)
    throws(ImportSkip) -> Bool
  {
    guard case .object(let l) = value, objects[l].kind != .cell, !objects[l].attached,
      objects[l].view == nil
    else { return false }
    let size: Size
    switch receiver {
    case .host: size = viewSize
    case .object(let v) where objects[v].view != nil && objects[v].kind == .layer:
      // Its size as the code last gave it, by its frame or its bounds.
      guard
        let last = objects[v].assignments.last(where: { ["frame", "bounds"].contains($0.key) }),
        case .rect(let r) = last.value
      else { return false }
      size = r.size
    default: return false
    }
    try setProperty(value, "frame", .rect(Rect(0, 0, size.width, size.height)), at: at)
    try attach(value, to: receiver, first: false, at: at)
    return true
  }
}
