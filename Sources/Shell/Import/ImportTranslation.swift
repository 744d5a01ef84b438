import Core

/// The translation stage of `import`: what the interpreter built, as Burst commands (each
/// layer the view holds, its properties, cells and sublayers; then actions and schedules).
extension ImportRun {
  /// The commands that build what the interpreter built: each layer the view holds, its
  /// properties, its cells (and theirs), then its sublayers. What cannot be written is said
  /// in `warnings`.
  func translate(
    _ interpreter: ImportInterpreter, into lines: inout [Line], paths: inout [Int: String],
    warnings: inout [ImportWarning]
  ) {
    var names: [Int: String] = [:]
    var used: Set<String> = []
    let objects = interpreter.objects
    for o in objects where o.kind == .cell { if let n = o.explicitName { used.insert(n) } }
    func unique(_ base: String, layer: Bool) -> String {
      var stem = base
      if layer, session.commands.lookup(base) != nil || SceneModel.reservedNames.contains(base) {
        stem = base + "Layer"
      }
      let name = Session.numbered(stem) {
        !used.contains($0) && (!layer || session.canNameNewLayer($0))
      }
      used.insert(name)
      return name
    }
    func name(_ o: Int) -> String {
      if let n = names[o] { return n }
      let object = objects[o]
      let n: String
      if object.kind == .cell, let explicit = object.explicitName {
        n = explicit
      } else {
        let fallback = object.kind.word
        // Objective-C's `_emitter` is the variable behind the property `emitter`.
        func plain(_ v: String) -> String {
          v.count > 1 && v.hasPrefix("_") ? String(v.dropFirst()) : v
        }
        // A name of no meaning of its own, which a stored property that keeps the layer
        // replaces: one letter, or a word Burst has to rename (`layer`, `emitter`).
        func placeholder(_ v: String) -> Bool {
          v.count == 1 || session.commands.lookup(v) != nil || SceneModel.reservedNames.contains(v)
        }
        var variable = object.variable.map(plain)
        if let v = variable, placeholder(v),
          let k = object.holders.map(plain).first(where: { !placeholder($0) })
        {
          variable = k  // `let layer = Particles.embers(…); self.embers = layer`: `embers`
        }
        if variable == ImportedObject.Kind.layer.word, object.kind != .layer, object.kind != .cell {
          // `let layer = CAEmitterLayer()` held by nothing else: named by its class
          // (`emitterLayer`, `shapeLayer`), not `layerLayer`.
          variable = object.kind.word
        }
        // A layer an action builds takes a fresh name on each run (`$NAME`), which must be a
        // word: `layer.name = "shade pattern"` there is `shadePattern`.
        let explicit = object.explicitName.map { object.inStep ? Self.word(of: $0) : $0 }
        n = unique(explicit ?? variable ?? fallback, layer: object.kind != .cell)
      }
      names[o] = n
      return n
    }
    func sets(_ o: Int, path: String, cellsReached: Bool, into lines: inout [Line]) {
      for a in objects[o].assignments where a.reachesCells == cellsReached {
        lines.append(
          Line(
            text: a.command(path: path),
            line: a.at?.line ?? objects[o].created.line,
            column: a.at?.column ?? objects[o].created.column, statement: a.statement, object: o,
            needs: o))
      }
    }
    func cell(_ c: Int, owner: Int, ownerPath: String, depth: Int, into lines: inout [Line]) {
      guard depth < 16 else { return }
      let n = name(c)
      let path = ownerPath + ".emitterCells." + KeyPathSyntax.spelled(n)
      paths[c] = path
      let at = objects[c].created
      lines.append(
        Line(
          text: "cell \(ownerPath) \(KeyPathSyntax.spelled(n))", line: at.line, column: at.column,
          statement: "CAEmitterCell \(n)", object: c, needs: owner, creates: true))
      sets(c, path: path, cellsReached: false, into: &lines)
      for sub in objects[c].cells {
        cell(sub, owner: c, ownerPath: path, depth: depth + 1, into: &lines)
      }
      sets(c, path: path, cellsReached: true, into: &lines)
    }
    /// A layer, its properties, cells and sublayers. `fresh`: built by an action, as
    /// `emitter $NAME`, so that each run makes a new one (`Binding`).
    func layer(
      _ l: Int, parent: Int?, depth: Int, fresh: Bool = false, into lines: inout [Line]
    ) {
      guard depth < 16 else { return }
      let plain = KeyPathSyntax.spelled(name(l))
      let n = fresh && Binding.isReference("$" + plain) ? "$" + plain : plain
      paths[l] = n
      let object = objects[l]
      let word = object.kind.word
      let parentText =
        parent.map { " in " + (paths[$0] ?? KeyPathSyntax.spelled(name($0))) }
        ?? hostLayer.map { " in " + $0 } ?? ""
      lines.append(
        Line(
          text: "\(word) \(n)\(parentText)", line: object.created.line,
          column: object.created.column, statement: "\(object.className) \(name(l))", object: l,
          needs: parent, creates: true))
      sets(l, path: n, cellsReached: false, into: &lines)
      for c in object.cells { cell(c, owner: l, ownerPath: n, depth: 0, into: &lines) }
      sets(l, path: n, cellsReached: true, into: &lines)
      for sub in object.sublayers {
        layer(sub, parent: l, depth: depth + 1, fresh: fresh, into: &lines)
      }
    }
    for l in interpreter.hostSublayers { layer(l, parent: nil, depth: 0, into: &lines) }
    // Masks, once every layer has its name.
    for (o, object) in objects.enumerated() {
      guard let m = object.mask, let path = paths[o], paths[m] != nil else { continue }
      lines.append(
        Line(
          text: "\(SceneCommands.set.name) \(path).mask \(KeyPathSyntax.spelled(name(m)))",
          line: object.created.line,
          column: object.created.column, statement: "\(name(o)).mask = \(name(m))", object: o,
          needs: o))
    }
    // Layers that actions build: named now, so that other actions reach them by the name
    // their first run gives them; the action that builds one says `$NAME` (`Binding`).
    var built: [Int] = []
    func builds(_ step: ImportStep) {
      switch step {
      case .build(let o, _, _, _): built.append(o)
      case .after(_, let steps), .every(_, let steps): steps.forEach(builds)
      default: break
      }
    }
    for a in interpreter.actions { a.steps.forEach(builds) }
    interpreter.scheduled.forEach(builds)
    // Layers that an action or a scheduled block removes: a property another action sets
    // after that is set on a layer no longer shown (iOS keeps the object; nothing drawn
    // changes), so the `set` there says `ifPresent` rather than failing.
    var removable: Set<Int> = []
    func removes(_ step: ImportStep) {
      switch step {
      case .layer(let o, let list, _, _)
      where list.contains(where: { $0.verb == SceneCommands.remove.name }):
        removable.insert(o)
      case .after(_, let steps), .every(_, let steps): steps.forEach(removes)
      default: break
      }
    }
    for a in interpreter.actions { a.steps.forEach(removes) }
    interpreter.scheduled.forEach(removes)
    // Layer `o` with its cells and sublayers, at any depth.
    func subtree(_ o: Int) -> Set<Int> {
      var all: Set<Int> = [o]
      var holding = [o]
      while let p = holding.popLast() {
        for inner in objects[p].cells + objects[p].sublayers where all.insert(inner).inserted {
          holding.append(inner)
        }
      }
      return all
    }
    // With their cells and sublayers.
    for o in removable { removable.formUnion(subtree(o)) }
    var discard: [Line] = []
    for o in built { layer(o, parent: nil, depth: 0, into: &discard) }
    // A method named like a command (`show`) is the action `showAction`.
    func actionName(_ name: String) -> String {
      session.commands.lookup(name) == nil ? name : name + "Action"
    }
    // What the action (or the setup's schedule) being written builds itself.
    var builtHere: Set<Int> = []
    // The names (`layer.name = "snow"`) of the layers the action being written removes.
    var removedHere: Set<String> = []
    // The layers the action being written has taken out of the tree so far (with what they
    // hold), and what it then builds into them: on iOS a layer added to a layer out of the
    // tree is not shown, so its commands are not written (`[self.holder.layer
    // removeFromSuperlayer]` and then `[self.holder.layer addSublayer:emitter]`).
    var detachedHere: Set<Int> = []
    var droppedHere: Set<Int> = []
    // The layers the action being written has added so far (with what they hold): there
    // when its later steps run.
    var addedHere: Set<Int> = []
    // The fresh names (`$NAME`) the action being written binds.
    var freshHere: Set<Substring> = []
    // The names of the layers actions build afresh on every run (NAME of `emitter $NAME`): a
    // path into one from anywhere else says `$NAME`, the layer the latest run made, as the
    // property the app keeps it in holds the last one assigned (`Binding`).
    var freshRoots: Set<Substring> = []
    // Whether layer `o` may not be there when the action being written runs: only another
    // action or block builds it, or one removes it.
    func mayBeAbsent(_ o: Int) -> Bool {
      (objects[o].inStep || removable.contains(o)) && !builtHere.contains(o)
    }
    func reach(_ path: String) -> String {
      guard let root = path.split(separator: ".").first else { return path }
      if root.hasPrefix("$") {
        return freshHere.contains(root) || freshRoots.contains(root.dropFirst())
          ? path : String(path.dropFirst())
      }
      return freshRoots.contains(root) ? "$" + path : path
    }
    // Whether layer `o` is one the setup made, kept by the view: made outside every action,
    // or by a stored property's initializer (`private let party = CAEmitterLayer()`, made
    // when an action first reads it).
    func isKept(_ o: Int) -> Bool {
      guard objects[o].inStep else { return true }
      let at = objects[o].created
      if interpreter.madeWhileNil(at) { return true }
      let tokens = interpreter.program.tokens
      return interpreter.program.properties.contains { p in
        guard !p.initializer.isEmpty else { return false }
        let (first, last) = (tokens[p.initializer.lowerBound], tokens[p.initializer.upperBound - 1])
        return (at.line, at.column) >= (first.line, first.column)
          && (at.line, at.column) <= (last.line, last.column)
      }
    }
    // Whether the build of layer `o` in an action removing the layers named `removed` is
    // written as a fresh `$NAME` (see `.build` in `commands`).
    func buildsFresh(_ o: Int, removing removed: Set<String>) -> Bool {
      !isKept(o) && objects[o].explicitName.map(removed.contains) != true
    }
    // The actions not written (nothing to do): a `run` of one, in the setup's schedule, goes.
    var unwritten: Set<String> = []
    // Actions and scheduled blocks: their property changes reach only objects created above.
    func commands(_ step: ImportStep) -> [String] {
      switch step {
      case .set(let o, _) where droppedHere.contains(o),
        .layer(let o, _, _, _)
      where droppedHere.contains(o), .cells(let o, _, _, _, _) where droppedHere.contains(o):
        return []
      case .set(let o, let a):
        // A layer another action builds may not be there yet (`emitter?.birthRate = 0`
        // before `start` ran): through the optional, nothing is set. Nor is a cell a key path
        // names (`setValue(_:forKeyPath: "emitterCells.basic.birthRate")`) that another action
        // removed: key-value coding finds no such cell, and sets nothing.
        let optional = (mayBeAbsent(o) || a.reachesCells) && a.behaviorWords == nil
        return paths[o].map(reach).map {
          [a.command(path: $0) + (optional ? " " + AnimationCommands.ifPresent.name : "")]
        } ?? []
      case .after(let delay, let steps):
        return block(steps).map { ["after \(ValueFormatting.number(delay)) \($0)"] } ?? []
      case .every(let interval, let steps):
        return block(steps).map { ["every \(ValueFormatting.number(interval)) \($0)"] } ?? []
      case .run(let name):
        guard interpreter.actions.contains(where: { $0.name == name }),
          !unwritten.contains(actionName(name))
        else { return [] }
        return ["run \(actionName(name))"]
      case .layer(let o, let list, _, _):
        guard let path = paths[o].map(reach) else { return [] }
        // A layer only another action or block builds, or one they remove, may not be there
        // (`colorBallLayer?.removeAllAnimations()` before `start` ran, `emitter?.add(fade,
        // forKey: "fadeOut")` after `stop` removed it): through the optional, nothing is
        // cancelled or added.
        let optional = mayBeAbsent(o)
        let verbs = [AnimationCommands.cancel.name, AnimationCommands.animate.name]
        return list.map { c in
          var c = c
          let flag = AnimationCommands.ifPresent.name
          if optional, verbs.contains(c.verb), !c.rest.hasSuffix(flag) {
            c.rest += (c.rest.isEmpty ? "" : " ") + flag
          }
          return c.text(path: path)
        }
      case .build(let o, let parent?, let at, let statement) where detachedHere.contains(parent):
        let dropped = Set(interpreter.built(by: [step])).union(subtree(o))
        droppedHere.formUnion(dropped)
        for d in dropped { paths[d] = nil }
        warnings.append(
          ImportWarning(
            line: at.line, column: at.column, message: "skipped: \(statement)",
            hint: "it goes into \(name(parent)), which the code above took out of the layer"
              + " tree: on iOS it is not shown"))
        return []
      case .readd(let o, let parent, let at, let statement):
        // **(choice)** Added again: only a layer an action or block removes may be missing;
        // that one is put back as the setup made it (its particles start again), as a first
        // add of a setup's layer is.
        guard removable.contains(o) else { return [] }
        return commands(.build(object: o, parent: parent, at: at, statement: statement))
      case .build(let o, let parent, _, _):
        detachedHere.subtract(subtree(o))  // put back in the tree (`addSublayer` again)
        addedHere.formUnion(subtree(o))
        var built: [Line] = []
        // **(choice)** A layer the setup made (a stored `let emitter = CAEmitterLayer()`) that
        // an action adds: UIKit adds that same layer again, never a second one; here each run
        // puts it back as the setup made it, in place of the one an earlier run added (its
        // particles start again).
        // So too a layer given the name of one the action removed first (`for old in
        // layer.sublayers ?? [] where old.name == "snow" { old.removeFromSuperlayer() }`, then
        // `e.name = "snow"`): each run's takes the place of the last.
        let kept = !buildsFresh(o, removing: removedHere)
        layer(o, parent: parent, depth: 0, fresh: !kept, into: &built)
        var out = built.map(\.text)
        if kept, let path = paths[o] {
          out.insert("remove \(path) \(AnimationCommands.ifPresent.name)", at: 0)
        }
        return out
      case .cells(let o, let cells, let had, _, _):
        guard let path = paths[o].map(reach) else { return [] }
        // The cells it had and does not keep go, and so do the ones an earlier run made; the
        // new cells come in order.
        let kept = cells.filter { had.contains($0) }
        let new = cells.filter { !had.contains($0) }
        var gone: [String] = []
        for c in had.filter({ !kept.contains($0) }) + new
        where !gone.contains(name(c)) {
          gone.append(name(c))
        }
        var out = gone.map {
          "remove \(path).emitterCells.\(KeyPathSyntax.spelled($0)) ifPresent"
        }
        var built: [Line] = []
        for c in new { cell(c, owner: o, ownerPath: path, depth: 0, into: &built) }
        // Cells given to a layer only another action builds, or one they remove, may have
        // no layer to go to: through the optional (or to a layer out of the tree), nothing
        // is made, and nothing set on them.
        let optional = mayBeAbsent(o) && !addedHere.contains(o)
        let verbs = [
          SceneCommands.cell.name, SceneCommands.set.name, AnimationCommands.animate.name,
        ]
        out += built.map { line in
          let flag = AnimationCommands.ifPresent.name
          guard optional, let verb = line.text.split(separator: " ").first,
            verbs.contains(String(verb)), !line.text.hasSuffix(" " + flag)
          else { return line.text }
          return line.text + " " + flag
        }
        return out
      case .copy(let source, let copy, _, _):
        guard let from = paths[source], paths[copy] == nil else { return [] }
        // The copy and its cells keep their names, so later steps reach them.
        let n = KeyPathSyntax.spelled(name(copy))
        func cellPaths(_ o: Int, _ p: String, depth: Int) {
          guard depth < 16 else { return }
          for c in objects[o].cells {
            let path = p + ".emitterCells." + KeyPathSyntax.spelled(name(c))
            paths[c] = path
            cellPaths(c, path, depth: depth + 1)
          }
        }
        paths[copy] = n
        cellPaths(copy, n, depth: 0)
        return ["copy \(from) as \(n)"]
      }
    }
    func block(_ steps: [ImportStep]) -> String? {
      let parts = steps.flatMap(commands)
      if parts.count == 1 { return parts[0] }
      return parts.isEmpty ? nil : "{ " + parts.joined(separator: "; ") + " }"
    }
    func origin(_ step: ImportStep) -> (line: Int, column: Int, statement: String)? {
      switch step {
      case .set(_, let a): return a.at.map { ($0.line, $0.column, a.statement) }
      case .after(_, let steps), .every(_, let steps): return steps.lazy.compactMap(origin).first
      case .run: return nil
      case .layer(_, _, let at, let statement), .copy(_, _, let at, let statement),
        .build(_, _, let at, let statement), .readd(_, _, let at, let statement),
        .cells(_, _, _, let at, let statement):
        return (at.line, at.column, statement)
      }
    }
    func unfresh(_ o: Int, depth: Int = 0) {
      guard depth < 64, let p = paths[o] else { return }
      if p.hasPrefix("$") { paths[o] = String(p.dropFirst()) }
      for c in objects[o].cells + objects[o].sublayers { unfresh(c, depth: depth + 1) }
    }
    /// The layers and cells the steps build themselves (not through `run`), by the fresh
    /// names the action gives them.
    func freshen(_ steps: [ImportStep]) {
      for step in steps {
        switch step {
        case .build(let o, _, _, _):
          guard !isKept(o), let root = paths[o], Binding.isReference("$" + root) else {
            continue
          }
          for d in interpreter.built(by: [step]) {
            if let p = paths[d], !p.hasPrefix("$") { paths[d] = "$" + p }
          }
        case .after(_, let inner), .every(_, let inner): freshen(inner)
        default: continue
        }
      }
    }
    // The names (`layer.name = "snow"`) of the layers an action's steps remove.
    func removedNames(_ steps: [ImportStep]) -> Set<String> {
      Set(
        steps.compactMap { step -> String? in
          guard case .layer(let o, let list, _, _) = step,
            list.contains(where: { $0.verb == SceneCommands.remove.name })
          else { return nil }
          return objects[o].explicitName
        })
    }
    for a in interpreter.actions {
      let removed = removedNames(a.steps)
      func collect(_ steps: [ImportStep]) {
        for step in steps {
          switch step {
          case .build(let o, _, _, _) where buildsFresh(o, removing: removed):
            let plain = KeyPathSyntax.spelled(name(o))
            if Binding.isReference("$" + plain) { freshRoots.insert(Substring(plain)) }
          case .after(_, let inner), .every(_, let inner): collect(inner)
          default: continue
          }
        }
      }
      collect(a.steps)
    }
    var written: [(action: ImportAction, parts: [String])] = []
    for a in interpreter.actions {
      builtHere = Set(interpreter.built(by: a.steps))
      removedHere = removedNames(a.steps)
      freshen(a.steps)
      freshHere = Set(
        builtHere.filter { objects[$0].kind != .cell }.compactMap {
          paths[$0]?.split(separator: ".").first
        }.filter { $0.hasPrefix("$") }
      )
      detachedHere = []
      droppedHere = []
      addedHere = []
      var produced: [String] = []
      for step in a.steps {
        produced += commands(step)
        if case .layer(let o, let list, _, _) = step,
          list.contains(where: { $0.verb == SceneCommands.remove.name })
        {
          detachedHere.formUnion(subtree(o))
        }
      }
      var parts: [String] = []
      for part in produced {
        // Two `.cells` steps in a row both clear a name: once is enough.
        if part.hasSuffix(" ifPresent"), parts.last == part { continue }
        parts.append(part)
      }
      // Another action reaches a layer this one built by its plain name, which `reach` makes
      // `$NAME`; so too the cells it gave a layer (`party.emitterCells = makeCells()`), which
      // the layer's own cells do not list.
      for o in built { unfresh(o) }
      for o in builtHere { unfresh(o) }
      written.append((a, parts))
    }
    // An action with nothing to do is not written, so no other may run it: its `run`s go, and
    // with them any action left with nothing to do (a stop method whose changes all reach
    // layers outside the scene).
    var dropped = Set(written.filter(\.parts.isEmpty).map { actionName($0.action.name) })
    while !dropped.isEmpty {
      unwritten.formUnion(dropped)
      // `run X`, and a delay or a repeat of it alone (`after 1 run X`).
      func runs(_ part: String) -> Bool {
        dropped.contains { name in
          part == "run \(name)"
            || ((part.hasPrefix("after ") || part.hasPrefix("every "))
              && part.hasSuffix(" run \(name)") && part.split(separator: " ").count == 4)
        }
      }
      var more: Set<String> = []
      for k in written.indices where !written[k].parts.isEmpty {
        written[k].parts.removeAll(where: runs)
        if written[k].parts.isEmpty { more.insert(actionName(written[k].action.name)) }
      }
      dropped = more
    }
    for (a, parts) in written where !parts.isEmpty {
      let parameters = ActionParameter.written(a.parameters)
      lines.append(
        Line(
          text: "action \(actionName(a.name))\(parameters) { \(parts.joined(separator: "; ")) }",
          line: a.at.line,
          column: a.at.column, statement: "method \(a.name)", object: -1,
          action: (actionName(a.name), parts.count)))
    }
    builtHere = Set(interpreter.built(by: interpreter.scheduled))
    removedHere = []
    addedHere = []
    freshHere = []
    for (index, step) in interpreter.scheduled.enumerated() {
      if case .layer(let o, let list, let at, let statement) = step {
        // Animations of the setup code: each command on its own, once its layer exists.
        guard let path = paths[o] else { continue }
        for c in list {
          let keyPath = c.verb == "animate" || c.verb == "uiview" ? path + c.suffix : path
          lines.append(
            Line(
              text: c.text(path: path), line: at.line, column: at.column, statement: statement,
              object: o, needs: o, animates: c.verb == "cancel" ? nil : (c.what, keyPath)))
        }
        continue
      }
      guard var text = block([step]) else { continue }
      // A later block reaches a layer this one built by the name its run gives it (`after 2
      // { set bottom.lifetime 0 }` after `after 0.4 { emitter $bottom … }`): the setup's
      // schedule runs once.
      for o in interpreter.built(by: [step]) { unfresh(o) }
      if let until = interpreter.timerUntil[index] {
        // Invalidated later: `every … until`, the scene time of the invalidate().
        text += " until \(ValueFormatting.number((until * 1e9).rounded() / 1e9))"
      }
      let at = origin(step)
      lines.append(
        Line(
          text: text, line: at?.line ?? 1, column: at?.column ?? 1,
          statement: at?.statement ?? text, object: -1, schedules: true))
    }
  }
}

extension ImportRun {
  /// `name` as a word a fresh name can take (`$NAME`): itself when it is one, else its
  /// letters and digits in camel case (`shade pattern` → `shadePattern`, `3 stars` →
  /// `layer3Stars`), `layer` when it has none.
  static func word(of name: String) -> String {
    if Binding.isReference("$" + name) { return name }
    let parts = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    var word = parts.enumerated().map { i, p in
      i == 0 ? p : p.prefix(1).uppercased() + p.dropFirst()
    }.joined()
    if word.first?.isNumber != false {
      word = ImportedObject.Kind.layer.word + word.prefix(1).uppercased() + word.dropFirst()
    }
    return Binding.isReference("$" + word) ? word : ImportedObject.Kind.layer.word
  }
}
