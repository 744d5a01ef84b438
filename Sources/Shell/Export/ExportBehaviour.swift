import Core

// Export's behaviour stage: named actions, repeating timers and scheduled commands, their
// commands translated back to code by replaying them on a throwaway session.

extension SceneExporter {
  // MARK: - Actions and timers

  /// The named actions as local functions (Objective-C: blocks) and the pending repeating
  /// timers as `Timer`s, their commands translated by `translate`.
  mutating func behaviour() {
    guard !actions.isEmpty || !timers.isEmpty else { return }
    let probe = Session(sink: CapturedOutput())
    probe.scene = scene
    for a in actions { actionNames[a.name] = unique(a.name) }
    if !actions.isEmpty {
      body.append("")
      comment("Named actions (Burst's action), returned at the end.")
    }
    for (a, made) in zip(actions, freshNamesBound(probe)) {
      let ident = actionNames[a.name] ?? Self.identifier(for: a.name)
      parameters = exportParameters(of: a)
      body.append(dialect.actionOpening(ident, parameters: parameters))
      nested { e in e.translate(made, probe, in: "action \(a.name)") }
      body.append(dialect.actionClosing)
      actionParameters[a.name] = parameters
      parameters = []
    }
    if !timers.isEmpty {
      body.append("")
      comment("Repeating timers (Burst's every), from their next run on.")
    }
    for (t, next) in timers {
      let ident = unique("timer\(t.id)")
      let first = ((next - scene.now) * 1e9).rounded() / 1e9
      if abs(first - t.interval) < 1e-9 {
        // The next run is one interval away: a scheduled timer's own first run.
        scheduledTimer(t.until == nil ? nil : ident, interval: t.interval)
        nested { e in e.translate(t.body, probe, in: "timer \(t.id)") }
        body.append(dialect.timerClosing)
        if let until = t.until { invalidate(ident, after: until - scene.now + t.interval / 2) }
        continue
      }
      body.append(
        dialect.timerOpening(ident, first: number(first), interval: number(t.interval)))
      nested { e in e.translate(t.body, probe, in: "timer \(t.id)") }
      body.append(dialect.timerClosing)
      statement(dialect.addToRunLoop(ident))
      if let until = t.until { invalidate(ident, after: until - scene.now + t.interval / 2) }
    }
  }

  /// The pending scheduled commands at their remaining delays, in scene-time order: a `fire`'s
  /// stop as `birthRate = 0` (the birthRate it set is the layer's now), a command as
  /// `translate` writes it. A command with any part `translate` cannot write is left out whole
  /// (a block runs all or nothing) and listed in the header.
  mutating func pending() {
    var wrote = false
    func heading(_ e: inout SceneExporter) {
      guard !wrote else { return }
      wrote = true
      e.body.append("")
      e.comment(
        "Scheduled commands (Burst's after, at and fire's stop), at their remaining delays.")
    }
    let probe = Session(sink: CapturedOutput())
    probe.scene = scene
    for event in scheduled {
      let delay = max(0, event.time - scene.now)
      switch event.action {
      case .stopFire(let id):
        guard let ident = names[id] else { continue }
        heading(&self)
        later(delay) { e in e.statement("\(ident).birthRate = 0") }
      case .command(let cmd):
        let (savedBody, savedLeftOut, savedScene, savedWrote) = (body, leftOut, probe.scene, wrote)
        let (savedOutside, savedHoisted) = (outsideSubtree, hoisted)
        heading(&self)
        later(delay) { e in e.translate(cmd, probe, in: "scheduled") }
        if leftOut.count != savedLeftOut.count {
          let onlyOutside = leftOut.count - savedLeftOut.count == outsideSubtree - savedOutside
          (body, leftOut, probe.scene, wrote) = (savedBody, savedLeftOut, savedScene, savedWrote)
          (outsideSubtree, hoisted) = (savedOutside, savedHoisted)
          // A command on layers outside the exported subtree is not part of it.
          if onlyOutside { continue }
          scheduledLeftOut.append("`\(cmd.source)` (at \(number(event.time)) s)")
        }
      case .timer:
        continue
      }
    }
  }

  /// Statements written by `f`, indented one level more.
  mutating func nested(_ f: (inout SceneExporter) -> Void) {
    let saved = body
    body = []
    f(&self)
    let inner = body.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      .map { $0.isEmpty ? "" : "  " + $0 }
    body = saved + inner
  }

  /// `timer.invalidate()` `seconds` from now.
  mutating func invalidate(_ timer: String, after seconds: Double) {
    later(seconds) { e in e.statement(e.dialect.invalidate(timer)) }
  }

  /// `DispatchQueue.main.asyncAfter` / `dispatch_after` around what `f` writes.
  mutating func later(_ seconds: Double, _ f: (inout SceneExporter) -> Void) {
    body.append(dialect.afterOpening(number(seconds)))
    nested(f)
    body.append(dialect.afterClosing)
  }

  /// A command of an action or a timer as code: `set` (the properties it names, with the
  /// values it gives them), `fire`, `after`, `every`, `run` and blocks. Anything else is left
  /// out with a comment, and listed in the header. `probe` is a session the commands are
  /// applied to in order, which reads their values as Burst does.
  mutating func translate(_ cmd: CommandText, _ probe: Session, in owner: String) {
    guard let first = cmd.tokens.first else { return }
    if first.braced {
      for c in (try? Lexer.blockCommands(first, in: cmd.line)) ?? [] {
        translate(c, probe, in: owner)
      }
      return
    }
    let tokens = cmd.tokens
    func number(_ t: Token) -> Double? {
      try? PropertyKind.number(-1e12...1e12).parse(t.text).number
    }
    switch first.quoted ? "" : first.text {
    case SceneCommands.set.name
    where tokens.count >= 3 && tokens[1].keyPath.contains("." + BehaviorCommands.keyPathWord):
      behaviorSet(cmd, probe, in: owner)
    case SceneCommands.set.name
    where tokens.count >= 3 && SceneCommands.compoundOperator(tokens[2]) != nil:
      compoundSet(cmd, probe, in: owner)
    case SceneCommands.set.name
    where tokens.count >= 3 && !parameters.isEmpty && cmd.source.contains(Binding.sigil):
      parameterSet(cmd, probe, in: owner)
    case SceneCommands.set.name where tokens.count >= 3:
      var paths: [String] = []
      if !tokens[2].quoted, tokens[2].text.keyValueEquals != nil {
        for t in tokens.dropFirst(2) where !t.quoted {
          guard let eq = t.text.keyValueEquals else { continue }
          paths.append(tokens[1].keyPath + "." + t.text[..<eq])
        }
      } else {
        paths = [tokens[1].keyPath]
      }
      guard (try? probe.execute(cmd)) != nil else { return leave(cmd, in: owner) }
      for p in paths {
        guard var ref = try? probe.scene.model.resolveProperty(p) else { continue }
        ref.field = nil
        if !assign(ref, in: probe.scene.model) {
          switch ref.object {
          case .layer(let id), .cell(let id, _): if !isInSubtree(id) { outsideSubtree += 1 }
          }
          return leave(cmd, in: owner)
        }
      }
    case TimeCommands.fire.name where tokens.count >= 3:
      guard case .layer(let id)? = try? probe.scene.model.resolveObject(tokens[1].keyPath),
        let ident = names[id], let seconds = number(tokens[2]),
        (try? probe.execute(cmd)) != nil
      else { return leave(cmd, in: owner) }
      let rate = tokens.count > 3 ? number(tokens[3]) ?? 1 : 1
      statement("\(ident).beginTime = CACurrentMediaTime()")
      statement("\(ident).birthRate = \(self.number(rate))")
      later(seconds) { e in e.statement("\(ident).birthRate = 0") }
    case TimeCommands.after.name where tokens.count >= 3:
      guard let seconds = number(tokens[1]),
        let inner = Session.body(of: cmd, TimeCommands.after)
      else { return leave(cmd, in: owner) }
      later(seconds) { e in e.translate(inner, probe, in: owner) }
    case TimeCommands.every.name where tokens.count >= 3:
      guard let seconds = number(tokens[1]),
        let inner = Session.body(of: cmd, TimeCommands.every)
      else { return leave(cmd, in: owner) }
      let until = inner.tokens.count < tokens.count - 2 ? number(tokens[tokens.count - 1]) : nil
      let ident = unique("timer")
      scheduledTimer(until == nil ? nil : ident, interval: seconds)
      nested { e in e.translate(inner, probe, in: owner) }
      body.append(dialect.timerClosing)
      if let until {
        invalidate(ident, after: until - scene.now + seconds / 2)
      }
    case SceneCommands.layer.name, SceneCommands.emitter.name, SceneCommands.shape.name,
      SceneCommands.gradient.name, SceneCommands.replicator.name, SceneCommands.text.name:
      built(cmd, probe, in: owner)
    case SceneCommands.cell.name
    where tokens.count == 3 || (tokens.count == 4 && SceneCommands.isIfPresent(tokens[3])):
      builtCell(cmd, probe, in: owner)
    case SceneCommands.remove.name
    where tokens.count >= 2 && tokens[1].keyPath.contains(".emitterCells."):
      removedCell(cmd, probe, in: owner)
    case AnimationCommands.animate.name, AnimationCommands.group.name,
      AnimationCommands.uiview.name, AnimationCommands.transition.name,
      SceneCommands.copy.name, SceneCommands.remove.name:
      structural(cmd, probe, in: owner)
    case ActionCommands.run.name where tokens.count == 2:
      guard let ident = actionNames[tokens[1].text] else { return leave(cmd, in: owner) }
      statement("\(ident)()")
    default:
      leave(cmd, in: owner)
    }
  }

  /// `set LAYER.emitterBehaviors.NAME.KEY VALUE` (or `… NAME KEY=VALUE …`) as
  /// `setValue(_:forKeyPath:)` of the values it leaves in `probe`; the array form, and a
  /// behaviour added or removed, have no code equivalent and are left out.
  mutating func behaviorSet(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let tokens = cmd.tokens
    let path = tokens[1].keyPath
    guard let r = path.range(of: "." + BehaviorCommands.keyPathWord + "."),
      (try? probe.execute(cmd)) != nil,
      case .layer(let id)? = try? probe.scene.model.resolveObject(String(path[..<r.lowerBound]))
    else { return leave(cmd, in: owner) }
    guard let ident = names[id] else {
      if !isInSubtree(id) { outsideSubtree += 1 }
      return leave(cmd, in: owner)
    }
    let tail = path[r.upperBound...].split(separator: ".").map(String.init)
    var keys: [String] = []
    if tail.count == 2 {
      keys = [tail[1]]
    } else if tail.count == 1 {
      for t in tokens.dropFirst(2) where !t.quoted {
        guard let eq = t.text.keyValueEquals else { continue }
        keys.append(String(t.text[..<eq]))
      }
    }
    guard !keys.isEmpty,
      let b = probe.scene.model.behaviors(of: id).first(where: { $0.name == tail[0] })
    else { return leave(cmd, in: owner) }
    for key in keys {
      let value: String
      if key == "enabled" {
        value = dialect.boxedBool(b.enabled)
      } else if let v = b.value(key) {
        value = behaviorValue(v)
      } else {
        return leave(cmd, in: owner)
      }
      setValue(
        value, keyPath: "\(BehaviorCommands.keyPathWord).\(b.name).\(key)", on: ident)
    }
  }

  /// The opening line of a repeating `Timer.scheduledTimer` whose block follows, held in
  /// `ident` when something invalidates it later.
  mutating func scheduledTimer(_ ident: String?, interval: Double) {
    body.append(dialect.scheduledTimerOpening(ident, interval: number(interval)))
  }

  /// `animate`, `group`, `uiview`, `transition`, `copy` and `remove` of an action, a timer or
  /// a scheduled command, as what they change in `probe`: the animations and transitions they
  /// add (written with `beginTime` relative to when the code runs), the layers a copy makes,
  /// `removeFromSuperlayer()` for a removed layer, and for `uiview` the model value set at
  /// once, the animation starting from the presentation value of that moment. Adding to a
  /// group that is already running, and removing a cell, have no code equivalent.
  mutating func structural(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let tokens = cmd.tokens
    let name = tokens[0].text
    if name == AnimationCommands.animate.name,
      tokens.contains(where: { !$0.quoted && $0.text == AnimateClause.inGroup.name })
    {
      return leave(cmd, in: owner)
    }
    let before = probe.scene
    guard (try? probe.execute(cmd)) != nil else { return leave(cmd, in: owner) }
    let after = probe.scene
    func outside(_ id: LayerID) {
      if !isInSubtree(id) { outsideSubtree += 1 }
    }
    switch name {
    case SceneCommands.remove.name:
      let gone = before.model.treeOrder.filter { after.model.layer($0) == nil }
      if gone.isEmpty, tokens.count == 3, !tokens[1].quoted, !tokens[1].text.contains("."),
        SceneCommands.isIfPresent(tokens[2])
      {
        // `remove b ifPresent` before the action makes `b`: absent on its first run, the last
        // run's on the next (as a layer of the hosting view's).
        body.append(dialect.removeSublayers(named: string(tokens[1].text), from: "view.layer"))
        return
      }
      guard
        let top = gone.first(where: { id in !gone.contains(before.model.layer(id)?.parent ?? -1) }),
        let ident = names[top]
      else {
        if let first = gone.first, !isInSubtree(first) { outsideSubtree += 1 }
        return leave(cmd, in: owner)
      }
      if let l = before.model.layer(top), let pid = l.parent,
        let parent = pid == SceneModel.rootID ? "view.layer" : names[pid]
      {
        // By its name, as Burst removes it: whichever run of an action made the layer there
        // (a second run of an action that makes it anew removes the first run's).
        body.append(dialect.removeSublayers(named: string(l.name), from: parent))
      } else {
        statement(dialect.removeFromSuperlayer(ident))
      }
    case SceneCommands.copy.name:
      let made = after.model.treeOrder.filter { before.model.layer($0) == nil }
      guard let first = made.first, let l = after.model.layer(first), let pid = l.parent,
        pid == SceneModel.rootID || names[pid] != nil
      else {
        if let first = made.first, let p = after.model.layer(first)?.parent, !isInSubtree(p) {
          outsideSubtree += 1
        }
        return leave(cmd, in: owner)
      }
      let siblings = after.model.layer(pid)?.sublayers ?? []
      let above = siblings.firstIndex(of: first).flatMap { i in
        i > 0 ? names[siblings[i - 1]] : nil
      }
      // Declared and built ahead (`hoisted`), added to the tree here.
      let saved = body
      body = []
      for id in made {
        guard let c = after.model.layer(id) else { continue }
        layer(c, attach: id != first)
      }
      hoisted += body
      body = saved
      let (ident, parent) = (
        names[first] ?? "", pid == SceneModel.rootID ? "view.layer" : names[pid] ?? ""
      )
      if let above {
        statement(dialect.insertSublayer(ident, into: parent, above: above))
      } else {
        statement(dialect.addSublayer(ident, to: parent))
      }
    default:
      var wrote = false
      // `uiview` and `animate … from presentation` start from what is on screen.
      let fromPresentation =
        name == AnimationCommands.uiview.name
        || zip(tokens, tokens.dropFirst()).contains {
          !$0.quoted && $0.text == AnimateClause.from.name && !$1.quoted
            && $1.text == AnimateClause.presentationWord
        }
      if name == AnimationCommands.uiview.name {
        guard var ref = try? after.model.resolveProperty(tokens[1].keyPath) else {
          return leave(cmd, in: owner)
        }
        ref.field = nil
        guard assign(ref, in: after.model) else {
          switch ref.object {
          case .layer(let id), .cell(let id, _): if !isInSubtree(id) { outsideSubtree += 1 }
          }
          return leave(cmd, in: owner)
        }
      }
      for id in after.model.treeOrder {
        guard let l = after.model.layer(id) else { continue }
        let old = before.model.layer(id)?.animations ?? []
        for a in l.animations where !old.contains(a) {
          guard names[id] != nil || id == SceneModel.rootID else {
            outside(id)
            return leave(cmd, in: owner)
          }
          animation(a, on: l, fromPresentation: fromPresentation)
          wrote = true
        }
        // A transition command adds one even where another is still running.
        let transitioned =
          name == AnimationCommands.transition.name
          && (try? after.model.resolveObject(tokens[1].keyPath)) == .layer(id)
        if let tr = after.transitions[id], transitioned || before.transitions[id] == nil {
          guard names[id] != nil || id == SceneModel.rootID else {
            outside(id)
            return leave(cmd, in: owner)
          }
          transition(tr, on: l)
          wrote = true
        }
      }
      if !wrote && name != AnimationCommands.uiview.name { return leave(cmd, in: owner) }
    }
  }

  /// Each action's block with the layers it makes as `$NAME` bound to the names its run
  /// would give them now (`Binding`), one variable each that every run of the function
  /// assigns, so the commands after read those layers. A `$NAME` an action reads without
  /// making it reads the variable of the first action that makes it (the property a stop
  /// handler reads holds what the last start made), else the layer the session's latest
  /// binding named.
  func freshNamesBound(_ probe: Session) -> [CommandText] {
    var taken: Set<String> = []
    var made: [String: String] = [:]
    let own = actions.map { a in
      var values: [String: String] = [:]
      for base in probe.createdReferences(a.body) where values[base] == nil {
        let name = Session.freshName(base) { !taken.contains($0) && probe.canNameNewLayer($0) }
        taken.insert(name)
        values[base] = name
        if made[base] == nil { made[base] = name }
      }
      return values
    }
    return zip(actions, own).map { a, own in
      var values = own
      let parameters = Set(a.parameters.map(\.name))
      for base in probe.readReferences(a.body) where !parameters.contains(base) {
        values[base] = made[base] ?? latestBindings[base]
      }
      return (try? Binding.bind(a.body, values)) ?? a.body
    }
  }

  /// `emitter NAME [in PARENT]` (and the other layers) in an action: the layer made and
  /// added, as its declaration in the setup is written; what the action sets next is written
  /// as it comes.
  mutating func built(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let before = Set(probe.scene.model.treeOrder)
    guard (try? probe.execute(cmd)) != nil,
      let id = probe.scene.model.treeOrder.first(where: { !before.contains($0) }),
      let l = probe.scene.model.layer(id)
    else { return leave(cmd, in: owner) }
    if let pid = l.parent, pid != SceneModel.rootID, names[pid] == nil {
      return leave(cmd, in: owner)
    }
    // Declared ahead: another action (or the next run of this one) reaches the layer made
    // last, as Burst's names do.
    layer(l, declaredAhead: true)
  }

  /// `cell LAYER NAME` in an action: a new cell added to the end of the layer's cells.
  mutating func builtCell(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let tokens = cmd.tokens
    guard case .layer(let id)? = try? probe.scene.model.resolveObject(tokens[1].keyPath),
      let ident = names[id], (try? probe.execute(cmd)) != nil
    else { return leave(cmd, in: owner) }
    let cell = unique(tokens[2].text)
    statement(dialect.new(cell, "CAEmitterCell", factory: "emitterCell"))
    statement("\(cell).name = " + string(tokens[2].text))
    statement(dialect.appendCell(cell, to: ident))
  }

  /// `remove LAYER.emitterCells.NAME [ifPresent]` in an action: the layer's cells without it.
  mutating func removedCell(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let path = cmd.tokens[1].keyPath
    guard let r = path.range(of: ".emitterCells.", options: .backwards),
      case .layer(let id)? = try? probe.scene.model.resolveObject(String(path[..<r.lowerBound])),
      let ident = names[id], !path[r.upperBound...].contains("."),
      (try? probe.execute(cmd)) != nil
    else { return leave(cmd, in: owner) }
    statement(dialect.removeCells(named: string(String(path[r.upperBound...])), from: ident))
  }

  /// A command with no code equivalent: a comment in the code and a line in the header.
  mutating func leave(_ cmd: CommandText, in owner: String) {
    comment("Burst: \(cmd.source) (no code equivalent)")
    leftOut.append("`\(cmd.source)` (\(owner))")
  }

  /// `set PATH += NUMBER` (`-=`, `*=`, `/=`, optionally `ifPresent`): a layer's number
  /// property as the same compound assignment (in Swift, a field of a layer's point or size
  /// too: `emitter.emitterPosition.x += 5`), a cell's through the layer's key path, read and
  /// set again (Core Animation copies the cells it emits from). Left out for anything else
  /// (an Objective-C field, a whole point, a parameter), with the usual comment.
  mutating func compoundSet(_ cmd: CommandText, _ probe: Session, in owner: String) {
    let tokens = cmd.tokens
    let optional =
      tokens.count == 5 && SceneCommands.isIfPresent(tokens[4])
    guard tokens.count == 4 || optional, let op = SceneCommands.compoundOperator(tokens[2]),
      op.word == tokens[2].text, !tokens[3].quoted,
      let operand = try? PropertyKind.number(-1e12...1e12).parse(tokens[3].text).number,
      let ref = try? probe.scene.model.resolveProperty(tokens[1].keyPath),
      ref.field == nil || dialect.assignsPropertyFields,
      (try? probe.execute(cmd)) != nil
    else { return leave(cmd, in: owner) }
    let model = probe.scene.model
    switch ref.object {
    case .layer(let id):
      guard let l = model.layer(id), id == SceneModel.rootID || names[id] != nil,
        let d = l.descriptors.first(where: { $0.name == ref.name })
      else { return leave(cmd, in: owner) }
      let key = dialect.key(objc: d.name, swift: d.swiftName ?? d.name)
      let field = ref.field.map { "." + $0 } ?? ""
      statement("\(target(l)).\(key)\(field) \(op.word) \(number(operand))")
    case .cell(let id, let path):
      guard let ident = names[id], ref.field == nil,
        let keyPath = Self.cellKeyPath(id, path, ref.name, in: model)
      else { return leave(cmd, in: owner) }
      let now = dialect.numberValue(of: ident, keyPath: string(keyPath))
      setValue(
        dialect.boxedNumberExpression("\(now) \(op.op) \(number(operand))"), keyPath: keyPath,
        on: ident)
    }
  }

  /// The assignment of property `ref` as it is in `model`: through the layer's identifier,
  /// and for a cell through the layer's key path `emitterCells.NAME.KEY` (Core Animation
  /// copies the cells it emits from). False when the object is not exported.
  mutating func assign(_ ref: PropertyRef, in model: SceneModel) -> Bool {
    guard let v = model.value(ref) else { return false }
    switch ref.object {
    case .layer(let id):
      guard let l = model.layer(id), id == SceneModel.rootID || names[id] != nil,
        let d = l.descriptors.first(where: { $0.name == ref.name })
      else { return false }
      assignment(d, v, target: target(l), relativeBegin: false)
    case .cell(let id, let path):
      guard let ident = names[id],
        let d = EmitterCell.descriptors.first(where: { $0.name == ref.name })
      else { return false }
      guard let keyPath = Self.cellKeyPath(id, path, d.name, in: model) else { return false }
      setValue(boxed(v, kind: d.kind), keyPath: keyPath, on: ident)
    }
    return true
  }

  /// The layer's key path to a cell's property (`emitterCells.spark.emitterCells.trail.KEY`):
  /// Core Animation copies the cells it emits from, so a cell is changed through its layer.
  /// Nil when a cell on the way is gone.
  static func cellKeyPath(_ id: LayerID, _ path: [CellID], _ key: String, in model: SceneModel)
    -> String?
  {
    var keys: [String] = []
    for k in 1...max(1, path.count) {
      guard let c = model.cell(.cell(id, Array(path.prefix(k)))) else { return nil }
      keys += ["emitterCells", c.name]
    }
    return (keys + [key]).joined(separator: ".")
  }
}
