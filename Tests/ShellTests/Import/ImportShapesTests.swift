import Core
import Foundation
import TestSupport
import Testing

@testable import Shell

/// Whole files in the shapes public code takes (docs/import.md): each is imported, stepped,
/// and what it must build, say and run is checked.
@Suite("import: the shapes whole files take")
struct ImportShapesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    /// The construct it covers.
    let shape: String
    /// Commands after the import (before `step 1`).
    var then = ""
    /// What the transcript says.
    let says: [String]
    /// Every emitter's name, in tree order, after stepping.
    let emitters: [String]
    /// A property and its value after stepping (`get PATH`).
    var get: (String, String)? = nil
    var testDescription: String { "\(file): \(shape)" }
  }

  static let cases: [Case] = [
    Case(
      file: "Shapes/GlitterLayer.m",
      shape: "an emitter subclass that names itself, chains initializers, keeps its own property",
      says: ["cell host.emitterCells.star:", "cell host.emitterCells.spark:"], emitters: ["host"],
      get: ("host.emitterPosition", "100,100")),
    Case(
      file: "Shapes/DustRepresentable.swift",
      shape: "a representable makes the file's own view, laid out after it is made",
      says: ["ran makeUIView(context:) at import"], emitters: ["emitterLayer"],
      get: ("emitterLayer.emitterCells.cell.birthRate", "900")),
    Case(
      file: "Shapes/EmojiPlayground.swift",
      shape: "a playground's live view, a string's characters, an image drawn in code",
      says: ["layer view:", "drawn as an image is not followed: using the built-in"],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.cell3.birthRate", "2")),
    Case(
      file: "Shapes/GlobeView.swift",
      shape: "file-scope key, default arguments, a class function, willMove(toWindow:), ?:",
      says: [
        "animation emitterLayer.lifetime: CABasicAnimation",
        "action fadeOut { animate emitterLayer.lifetime values 1 0",
      ],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.cell.birthRate", "30")),
    Case(
      file: "Shapes/ConfettiKinds.swift",
      shape: "values of the file's struct made in nested closures, one cell each",
      says: ["cell rain.emitterCells.cell4:"], emitters: ["rain"],
      get: ("rain.emitterCells.cell4.color", "#5ac8fa")),
    Case(
      file: "Shapes/BlizzardCells.swift",
      shape: "cells of the file's CAEmitterCell subclass, a convenience initializer with an"
        + " argument added to CAEmitterLayer and called by the app",
      says: [
        "ran init(blizzardOver:) at import with width = the view's width",
        "cell emitterLayer.emitterCells.flake: 5 properties",
        "cell emitterLayer.emitterCells.gust: 4 properties",
      ],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.gust.birthRate", "8")),
    Case(
      file: "Shapes/SparkBuilderView.swift",
      shape: "chained setters of a builder library in another file, a wrapper they hang from",
      says: [
        "birthRate(…) is not in the file: read as setting birthRate",
        "_velocity(…) is not in the file: read as setting velocity",
        "_setting(…) is not in the file: read as setting emitterShape, emitterSize",
        "_place(…) is not in the file: read as setting emitterPosition, emitterSize",
        "chain is not in the file: read as the emitter itself",
        "_scale(…) is not in the file: read as setting scale, scaleRange, scaleSpeed",
        "_acceleration(…) is not in the file: read as setting xAcceleration, yAcceleration",
        "_color(…) is not in the file: read as leaving the properties as they are (given nil)",
        "cell sparks.emitterCells.spark: 10 properties",
      ],
      emitters: ["sparks"], get: ("sparks.emitterCells.spark.scaleRange", "0.2")),
    Case(
      file: "Shapes/DriftView.m",
      shape: "a superclass's emitter layer, an enumeration of another file told apart by name,"
        + " if (self == [super initWithFrame:])",
      says: [
        "emitterLayer is not in the file: taken as the view's own emitter layer, filling it",
        "cell emitterLayer.emitterCells.piece: 5 properties",
      ],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.piece.birthRate", "6")),
    Case(
      file: "Shapes/SnowflakeCell.m",
      shape: "an Objective-C CAEmitterCell subclass made by alloc/init, new and its factory",
      says: ["cell snow.emitterCells.a: 5 properties", "cell snow.emitterCells.c: 6 properties"],
      emitters: ["snow"], get: ("snow.emitterCells.b.birthRate", "2")),
    Case(
      file: "Shapes/WeatherFactory.swift",
      shape: "a text parameter a switch tells apart (or a helper it is passed to) gets the first"
        + " value compared, not the fallback",
      says: [
        "with kind = 'rain', the first value the code compares it with",
        "ran sky(named:) at import with kind = 'night', the first value",
      ],
      emitters: ["emitterLayer", "night"], get: ("night.emitterCells.star.birthRate", "7")),
    Case(
      file: "Shapes/LazyEmitterView.m",
      shape: "a category method nothing calls, a getter that makes its emitter once",
      says: ["ran addDrizzleWithRate: at import", "emitter sparkle: 2 properties"],
      emitters: ["sparkle", "drizzle"], get: ("sparkle.birthRate", "2")),
    Case(
      file: "Actions/SnowCurtainView.m",
      shape: "an action adds a layer the setup made, after changing it by key path",
      says: ["ran start at import", "action stop { remove $snow ifPresent }"],
      emitters: ["emitterLayer", "snow"], get: ("snow.emitterCells.flake.birthRate", "12")),
    Case(
      file: "Actions/GlowToggleButton.swift",
      shape: "property observers: isSelected's didSet sets a property whose didSet starts it",
      then: "run setSelected",
      says: ["action setSelected { set glow.birthRate 1 }", "runs its didSet, as a tap would"],
      emitters: ["glow"], get: ("glow.birthRate", "1")),
    Case(
      file: "Actions/BurstHelper.swift",
      shape: "a static method named like a command, the usual delay(_:) helper",
      then: "run showAction 40,50",
      says: ["action showAction (point=150,150) {", "delay(_:) is not in the file"],
      emitters: ["emitterLayer", "emitterLayer2"], get: ("emitterLayer2.emitterPosition", "40,50")),
    Case(
      file: "Shapes/LaunchpadViewController.m",
      shape: "instance variables, a method with a number argument, UIKit's callback with a Bool",
      says: [
        "action brightenBy (level=1) { set $pad.emitterCells.shell.scale (0.3*$level) ifPresent }",
        "viewWillDisappear:: UIKit calls it to wind down",
        "ran launchTapped: at import",
      ],
      emitters: ["pad"], get: ("pad.emitterSize", "100,0")),
    Case(
      file: "Shapes/StageViewController.m",
      shape: "an outlet view, a lazy getter's view, a handler making an emitter through a"
        + " property, lightweight generics, a wrong constant skipped alone",
      then: "run sparkleTapped",
      says: [
        "stage is an outlet a storyboard connects: taken as a UIView filling the view",
        "skipped: self.glitter.emitterShape = kCAEmitterLayerSurface\n  hint: 'kCAEmitterLayerSurface'"
          + " is not one of point",
        "action sparkleTapped { emitter $glitter in shelf;", "cell $glitter c3;",
      ],
      emitters: ["dust", "glitter"], get: ("shelf.frame", "0,300,200,100")),
    Case(
      file: "Shapes/OrbitLoaderView.swift",
      shape: "a keyframe path on emitterPosition; init?(coder:) that only fails is never chosen",
      says: [
        "ran init(tint:) at import with tint = white",
        "action beginLoading {", "cell comet.emitterCells.spark: 7 properties",
      ],
      // Paced, 1 s into a 1.2 s orbit of radius 30 round the centre: 300° along it.
      emitters: ["comet"],
      get: ("presentation comet.emitterPosition", "165.002395064,124.014851475")),
    Case(
      file: "Shapes/PrismLayer.swift",
      shape: "self.property of an emitter subclass, implicit-member colours of another file, a"
        + " bare add(_:forKey:), class open func",
      says: [
        ".rgb(_:_:_:) is not in the file: taken as red, green and blue from 0 to 255",
        "'.brand' is made by code in another file of the app",
        "cell emitterLayer.emitterCells.shard3:",
        "action flash { animate emitterLayer.birthRate from 4 to 1 duration 0.5 key surge }",
      ],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.shard2.color", "#5ac8fa")),
    Case(
      file: "Actions/StarToggleButton.m",
      shape: "a BOOL instance variable a tap toggles, read as Objective-C starts it (NO)",
      then: "run toggle",
      says: ["action toggle { set stars.emitterCells.star.birthRate 41 ifPresent }"],
      emitters: ["stars"], get: ("stars.emitterCells.star.birthRate", "41")),
    Case(
      file: "Shapes/FuseView.swift",
      shape: "a delayed block reading layers that layoutSubviews makes after it is scheduled",
      says: ["imported FuseView.swift: 2 emitters, 2 cells"],
      emitters: ["fuse", "fuse2"], get: ("fuse2.birthRate", "1")),
    Case(
      file: "Roots/StageRepresentable.swift",
      shape: "a representable's initializer keeps what updateUIView emits; a toggled flag; an"
        + " extension of a nested type; a struct field without a value stood in by its type",
      says: [
        "ran init(pieces:) at import with pieces = an array of one: Piece.plain(…)",
        "cell emitterLayer.emitterCells.cell: 6 properties",
        // No more: `fired.toggle()` and `look.spins` read without a warning.
        "imported StageRepresentable.swift: 1 emitter, 1 cell; 3 warnings",
      ],
      emitters: ["emitterLayer"],
      get: ("emitterLayer.emitterCells.cell.spinRange", "12.566370614359172")),
    Case(
      file: "Shapes/SmokeStackView.m",
      shape: "C compound literals: (CGPoint){…}, designated (CGSize){.height = …, .width = …},"
        + " nested (CGRect){{…}, {…}}",
      says: ["emitter smoke: 3 properties"],
      emitters: ["smoke"], get: ("smoke.emitterSize", "10,4")),
    Case(
      file: "Shapes/BadgeBurstView.m",
      shape: "a switch over a header's NS_ENUM whose property is still 0: its first case",
      says: [
        "BadgeKindGold is declared in another file: taken as its enumeration's first constant"
      ],
      emitters: ["burst"], get: ("burst.emitterCells.badge.contents", "star")),
    Case(
      file: "Shapes/GardenBedView.swift",
      shape: "append(contentsOf:), a nested labelled tuple pattern, first/firstIndex/contains"
        + "(where:), reduce with a closure and with +, sorted(by:), min(by:), contains(_:)",
      // No warning: every idiom is read. The birth rate is the cells' total over ten.
      says: ["imported GardenBedView.swift: 1 emitter, 5 cells\n"],
      emitters: ["bed"], get: ("bed.birthRate", "1.6")),
    Case(
      file: "Shapes/GlowCornerView.m",
      shape: "a '# pragma mark' with a space after the '#' before the cell's method",
      says: ["imported GlowCornerView.m: 1 emitter, 1 cell\n"],
      emitters: ["corner"], get: ("corner.emitterCells.glow.birthRate", "12")),
    Case(
      file: "Shapes/TintedRainView.swift",
      shape: "an optional a method of the file sets is the app's to give (a guard passes); a"
        + " static factory of a UIColor extension calling self.init",
      says: ["action startRain {"],
      emitters: ["rain"], get: ("rain.emitterCells.cell.color", "#6680e6")),
    Case(
      file: "Actions/FlurrySliderController.swift",
      shape: "storyboard controls read in the setup: a slider at Interface Builder's 0.5, a"
        + " switch on",
      says: [
        "UISlider.value is set in the storyboard: taken as Interface Builder's default, 0.5",
        "UISwitch.isOn is set in the storyboard: taken as Interface Builder's default, on",
      ],
      emitters: ["flurry"], get: ("flurry.emitterCells.flake.xAcceleration", "15")),
    Case(
      file: "Shapes/InkDropsController.swift",
      shape: "only black cells and no background: the storyboard view's white, not Burst's black",
      says: ["every cell is tinted dark and the file gives the view no background"],
      emitters: ["ink"], get: ("scene.backgroundColor", "#ffffff")),
    Case(
      file: "Shapes/RainSheetView.m",
      shape: "an Objective-C method with a ';' between its signature and its body; a cell's"
        + " speed read through valueForKeyPath:",
      says: ["cell sheet.emitterCells.fast:"],
      emitters: ["sheet"], get: ("sheet.emitterCells.fast.velocity", "400")),
    Case(
      file: "Shapes/FlurryArrayView.swift",
      shape: "cells added to an NSMutableArray from Swift (add(_:)), bridged back; a cell's"
        + " rate read through value(forKeyPath:)",
      says: ["cell flurry.emitterCells.dot:"],
      emitters: ["flurry"], get: ("flurry.emitterCells.dot.birthRate", "24")),
    Case(
      file: "Shapes/HearthCells.m",
      shape: "C integer limits in a random macro, a two-word C cast in a format, a static C"
        + " function making the cells",
      says: ["cell hearth.emitterCells.ember2:"],
      emitters: ["hearth"], get: ("hearth.emitterCells.ember0.lifetime", "1.5")),
    Case(
      file: "Shapes/DriftingMotes.swift",
      shape: "a uniform draw scaled by UInt32.max, Int8.max",
      // No warnings but the fixed random stream and the image stand-in.
      says: ["imported DriftingMotes.swift: 1 emitter, 1 cell; 2 warnings\n"],
      emitters: ["motes"], get: ("motes.emitterCells.mote.alphaSpeed", "-0.5")),
    Case(
      file: "Actions/TickingFountainView.swift",
      shape: "timers made and then added to a run loop (block and target), a display link",
      says: ["action drift { set fountain.emitterPosition.x += 1 }"],
      // Sixty frames of the display link by t = 1 move it from x = 20.
      emitters: ["fountain"], get: ("fountain.emitterPosition", "80,300")),
    Case(
      file: "Actions/SwellingGlowView.m",
      shape: "an Objective-C block timer added to the main run loop, a display link",
      says: ["set glow.emitterPosition.y -= 0.5 }"],
      // Two ticks by t = 1, from 0.
      emitters: ["glow"], get: ("glow.birthRate", "0.5")),
    Case(
      file: "Actions/EmberFadeView.swift",
      shape: "compound assignments to a layer's property in a repeating timer and an action",
      says: [
        "action feed { set embers.birthRate += 1; set embers.emitterPosition.x += 12;"
          + " set embers.scale *= 1.1;"
      ],
      // Two ticks of the timer by t = 1 take the default 1 down to 0.5 (a constant: 0.75).
      emitters: ["embers"], get: ("embers.birthRate", "0.5")),
    Case(
      file: "Actions/RateSliderController.swift",
      shape: "an action a slider or a stepper sends: sender.value is a number parameter,"
        + " Interface Builder's default when run is given none",
      then: "run rateChanged 2",
      says: [
        "action rateChanged (sender=0.5) { set fountain.birthRate ($sender*4) }",
        "action speedStepped (sender=0) { set fountain.emitterCells.dot.velocity",
      ],
      emitters: ["fountain"], get: ("fountain.birthRate", "8")),
    Case(
      file: "Actions/TemplateCellSliders.swift",
      shape: "a template cell an action changes and gives its layer again, or a copy of it:"
        + " the layer keeps its cell, which takes the change",
      then: "run rateChanged 2\nrun sizeChanged 3",
      says: [
        "action rateChanged (sender=0.5) { set fizz.emitterCells.bubble.birthRate ($sender*10) }",
        "action sizeChanged (sender=0.5) { set fizz.emitterCells.bubble.scale $sender }",
      ],
      emitters: ["fizz"], get: ("fizz.emitterCells.bubble.birthRate", "20")),
    Case(
      file: "Actions/TemplateCellStepper.m",
      shape: "Objective-C's [cell copy] of a changed template given to its layer",
      then: "run speedStepped 90",
      says: ["action speedStepped (sender=0) { set glitter.emitterCells.speck.velocity $sender }"],
      emitters: ["glitter"], get: ("glitter.emitterCells.speck.velocity", "90")),
    Case(
      file: "Actions/CombineTickerView.swift",
      shape: "Combine's Timer.publish(every:on:in:) with sink, one subscription stored, one held"
        + " and cancelled from a delayed block",
      then: "step 3",
      // Eight half-second ticks by t = 4 move it 80 pt; the fade ticked twice before it was
      // cancelled at 2.5 s.
      says: ["imported CombineTickerView.swift: 1 emitter, 1 cell\n"],
      emitters: ["drizzle"], get: ("drizzle.emitterPosition", "120,20")),
    Case(
      file: "Roots/SprinkleCollectionCell.swift",
      shape: "a collection view cell's contentView is its hosting view",
      says: ["cell sprinkle.emitterCells.dot1:", "ran sprinkleDots(tints:) at import"],
      // Stopped at 0.5 s by the delayed block. Named by the property that keeps it (its
      // local, `emitter`, is a command word).
      emitters: ["sprinkle"], get: ("sprinkle.birthRate", "0")),
    Case(
      file: "Actions/HeartSwapController.m",
      shape: "a cell the setup keeps aside in a property, given to the emitter by a touch",
      then: "run touchesBegan",
      says: ["cell fountain.emitterCells.heart: 5 properties (line 27; built by run touchesBegan)"],
      emitters: ["fountain"], get: ("fountain.emitterCells.heart.birthRate", "12")),
    Case(
      file: "Actions/StarfieldOverlay.swift",
      shape: "a timer started once under if ticker == nil, its selector qualified by the type;"
        + " truncatingRemainder and rounded(.down)",
      says: ["action reshape { set stars.emitterSize 34,34; set stars.birthRate += 1 }"],
      // Two ticks by t = 1.
      emitters: ["stars"], get: ("stars.birthRate", "3")),
    Case(
      file: "Actions/InkDropsView.m",
      shape: "dark cells built by the action run once at import, on the superclass's emitter,"
        + " are shown on white",
      says: ["every cell is tinted dark and the file gives the view no background: shown on"],
      emitters: ["emitterLayer"], get: ("scene.backgroundColor", "#ffffff")),
    Case(
      file: "Roots/StreamerCurtainView.swift",
      shape: "a private layer class's layoutSublayers() runs once the layer is added, with self"
        + " the layer, after its frame was set",
      says: ["ran drop(colors:) at import"],
      emitters: ["curtain"], get: ("curtain.emitterSize", "300,1")),
    Case(
      file: "Roots/GaugeSparkView.m",
      shape: "the view's only initializer takes a nonnull object of another file, beside a"
        + " helper class of the file (its superclass in the header) with a plain initWithFrame:",
      says: [
        "ran initWithFrame:style: at import with frame = the view's bounds, style = a GaugeStyle"
          + " of another file"
      ],
      emitters: ["sparks"], get: ("sparks.emitterPosition", "150,150")),
    Case(
      file: "Roots/TwinkleDustLayer.m",
      shape: "an emitter subclass's header property read through the instance variable init"
        + " set; cells named by a number's stringValue; a weak alias of self names nothing",
      says: [
        "action fadeAway { set emitterLayer.birthRate 0 ifPresent; after 3 remove emitterLayer"
      ],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.\"1\".color", "#66ccff")),
    Case(
      file: "Actions/UIControl+PopBurst.m",
      shape: "a category's properties kept as associated objects (selector and static keys);"
        + " a swizzled UIKit setter whose swapped method calls itself, then bursts",
      then: "run pb_setHighlighted",
      says: ["action pb_setHighlighted { set pop.emitterCells.bit.birthRate 500 ifPresent }"],
      emitters: ["pop"], get: ("pop.emitterCells.bit.birthRate", "500")),
    Case(
      file: "Roots/ShimmerRepresentable.swift",
      shape: "a representable's makeUIView makes a view of another file and gives its layer"
        + " the emitter's properties",
      says: [
        "ShimmerHostView is declared in another file: the view makeUIView makes is the hosting",
        "the view's own layer is given emitterShape: taken as a CAEmitterLayer filling the view",
      ],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.mote.birthRate", "300")),
    Case(
      file: "Roots/HaloOwnLayerView.swift",
      shape: "a view gives its own layer emitter properties, its layerClass in another file",
      says: ["the view's own layer is given emitterShape: taken as a CAEmitterLayer"],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterPosition", "150,150")),
    Case(
      file: "Roots/PetalHostLayer.swift",
      shape: "a layer class's stored property named layer, given by its initializer, is where"
        + " the started effect is added",
      says: ["ran startShower() at import: nothing else builds an emitter"],
      emitters: ["spray"], get: ("spray.emitterPosition", "150,150")),
    Case(
      file: "Roots/WeatherBackdropView.swift",
      shape: "cells made in other files (a factory's list, values of another file's cell type)"
        + " get a stand-in cell whose look comes from the statement's words",
      says: [
        "the cells cannot be read here: a stand-in cell takes their place (the built-in 'drop',",
        "the cells cannot be read here: a stand-in cell takes their place (the built-in 'snowflake',",
      ],
      emitters: ["rain", "snow"], get: ("snow.emitterCells.standIn.yAcceleration", "60")),
    Case(
      file: "Roots/ForecastParticlesController.swift",
      shape: "the method that builds is called only from another library's subscription closure:"
        + " it runs with plausible arguments",
      says: ["ran applyWeather(named:) at import with name = 'hail', the first value the code"],
      emitters: ["weather"], get: ("weather.emitterCells.piece.birthRate", "30")),
    Case(
      file: "Actions/LongPressGlowView.swift",
      shape: "a long press's handler switching on its state: as an action, the press began",
      then: "run pressed 40,60",
      says: ["action pressed (point=150,150) { set glow.birthRate 1; set glow.emitterPosition"],
      emitters: ["glow"], get: ("glow.emitterPosition", "40,60")),
    Case(
      file: "Actions/PraiseCellsButton.m",
      shape: "a button's own property named emitterCells does not make self an emitter; a tap"
        + " checked for UIGestureRecognizerStateRecognized; a Display P3 colour",
      then: "run tapped",
      says: ["action tapped { set burstLayer.emitterCells.thumb.birthRate 300 ifPresent }"],
      emitters: ["burstLayer"], get: ("burstLayer.emitterCells.thumb.birthRate", "300")),
    Case(
      file: "Roots/BalloonFactory.swift",
      shape: "a factory returns an emitter it does not place: it sits at the view's centre",
      says: ["the emitter it returns is not placed here: put at the view's centre"],
      emitters: ["sky"], get: ("sky.emitterPosition", "150,150")),
    Case(
      file: "Shapes/PennantPairs.swift",
      shape: "labelled tuple types given unlabelled values (an array of pairs, a function's"
        + " result), read by label; a tuple destructured from a call",
      says: ["cell banner.emitterCells.secondGlint: 2 properties (line 15)"],
      emitters: ["banner"], get: ("banner.emitterCells.streamer.color", "#ff9500")),
    Case(
      file: "Shapes/TuningStructCells.swift",
      shape: "a settings struct made with (), its fields named like the cell's own properties,"
        + " copied by bare names in a cell subclass's initializer",
      says: ["cell sprinkles.emitterCells.sprinkle: 7 properties (line 30)"],
      emitters: ["sprinkles"], get: ("sprinkles.emitterCells.sprinkle.birthRate", "18")),
    Case(
      file: "Shapes/GlintKindView.m",
      shape: "a switch of C compound cases (a break inside an if ends it) on a parameter the"
        + " convenience initializer gives a header's constant",
      says: ["cell glints.emitterCells.glint: 5 properties (line 20)"],
      emitters: ["glints"], get: ("glints.emitterCells.glint.velocity", "90")),
    Case(
      file: "Shapes/PhasedFlareView.swift",
      shape: "methods the file adds to CAEmitterCell and CAEmitterLayer in extensions, called"
        + " on the objects the setup makes",
      says: ["cell emitterLayer.emitterCells.flare: 5 properties (line 12)"],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterShape", "circle")),
    Case(
      file: "Shapes/SparklerValue.swift",
      shape: "a struct whose fields make an emitter and a cell, its initializer ending early with"
        + " a bare return; the emitter named by its field",
      says: ["cell sparks.emitterCells.spark: 3 properties (line 14)"],
      emitters: ["sparks"], get: ("sparks.emitterCells.spark.birthRate", "30")),
    Case(
      file: "Shapes/CongratsBannerView.swift",
      shape: "a UILabel over the emitter is a text layer: text, colour, alignment, system font",
      says: ["imported CongratsBannerView.swift: 1 emitter, 1 cell, 1 layer"],
      emitters: ["confetti"], get: ("banner.fontSize", "28")),
    Case(
      file: "Shapes/LazyCellListsView.m",
      shape: "NSMutableArray properties made by lazy getters, filled with [self.list addObject:]",
      says: ["cell e.emitterCells.p2: 2 properties (line 15)"],
      emitters: ["e"], get: ("e.emitterCells.p1.birthRate", "5")),
    Case(
      file: "Actions/StreakObserverController.swift",
      shape: "an emitter built only by a property observer that only another file's callbacks"
        + " set: the observer runs once at import",
      says: ["ran setCelebrating at import", "setCelebrating run once"],
      emitters: ["streak"], get: ("streak.emitterCells.ribbon.birthRate", "12")),
    Case(
      file: "Actions/GustConfettiView.swift",
      shape: "an action's animations of a behaviour's field and of a cell named by a UUID no"
        + " imported cell has are skipped; the rest of the action runs, the behaviour made through"
        + " unsafeBitCast too",
      says: [
        "celebrate run once", "an animation of a behaviour's field is not imported",
        "no cell named 'uuid1' was imported",
      ],
      emitters: ["confetti"], get: ("confetti.emitterCells.piece.birthRate", "40")),
    Case(
      file: "Actions/OverloadedCheerView.swift",
      shape: "two overloads of one method, each an action; the second named with its place",
      then: "run showCheer2",
      says: ["action showCheer { set", "action showCheer2 (rate=10) {"],
      emitters: ["cheer"], get: ("cheer.emitterCells.spark.birthRate", "20")),
    Case(
      file: "Actions/TrophyConfettiView.swift",
      shape: "an action gives a stored emitter the setup shaped its cells before adding it",
      says: ["celebrate run once"],
      emitters: ["shower"], get: ("shower.emitterCells.piece1.birthRate", "6")),
    Case(
      file: "Actions/TapRecognizedSparkView.swift",
      shape: "a tap handler guarding on .recognized (a tap's state is .ended, the same)",
      then: "run tapped 30,40",
      says: ["action tapped (point=150,150) { set spark.emitterPosition $point; set"],
      emitters: ["spark"], get: ("spark.birthRate", "1")),
    Case(
      file: "Roots/KindedEmitterView.m",
      shape: "the only initializer takes a kind of another file: it runs with a value not known"
        + " here, and the condition on it takes the branch that builds",
      says: ["ran initWithKind: at import with kind = a KEVKind of another file"],
      emitters: ["emitterLayer"], get: ("emitterLayer.emitterCells.ember.birthRate", "30")),
    Case(
      file: "Roots/WordCloudEmitter.swift",
      shape: "a helper class's method returning the layer it builds, named like the local that"
        + " holds it, is a root; cells appended inside forEach reach the local array",
      says: ["ran cloudLayer() at import: nothing in the file calls it"],
      emitters: ["cloudLayer"], get: ("cloudLayer.emitterCells.word.birthRate", "4")),
    Case(
      file: "Actions/LoveTrailController.m",
      shape: "an action animates a layer it makes before adding it (inside a replicator): the"
        + " animation starts once the layer is built",
      then: "run showTrail",
      says: [
        "layer $dot in $trail; set $dot.frame 0,0,8,8; set $dot.backgroundColor #ffffff;"
          + " animate $dot.position path"
      ],
      emitters: ["glow"], get: ("trail.instanceCount", "12")),
    Case(
      file: "Shapes/EmberMacView.swift",
      shape: "a macOS view in AppKit's names (NSColor(calibratedRed:…), NSMakePoint, NSMidX,"
        + " NSImage's cgImage(forProposedRect:context:hints:)) reads as UIKit's; y up is said",
      says: [
        "5:8: warning: a macOS file: AppKit's names are read as UIKit's",
        "so the effect shows upside down", "using the built-in 'spark'",
        "cell embers.emitterCells.ember: 8 properties",
      ],
      emitters: ["embers"], get: ("embers.emitterCells.ember.color", "#ff731a")),
    Case(
      file: "Shapes/FrostMacView.m",
      shape: "a flipped macOS view in Objective-C (colorWithDeviceRed:…, NSMidX, NSMakeSize,"
        + " CGImageForProposedRect:context:hints:) reads as UIKit's; no y remark when flipped",
      then: "get frost.emitterPosition",
      says: [
        "warning: a macOS file: AppKit's names are read as UIKit's", "150,0\n",
        "cell frost.emitterCells.crystal: 6 properties",
      ],
      emitters: ["frost"], get: ("frost.emitterCells.crystal.color", "#b3d9ff")),
    Case(
      file: "Shapes/StageMacController.m",
      shape: "AppKit's layer hosting on an outlet view ([stageView setLayer:root],"
        + " setWantsLayer:): the view shows the tree, filling it",
      then: "get root.frame",
      says: ["layer root: 2 properties", "0,0,300,300\n"],
      emitters: ["glow"], get: ("glow.emitterCells.mote.birthRate", "50")),
    Case(
      file: "Actions/StoredPartyView.swift",
      shape: "the action run once at import gives a stored emitter a helper's cells: they are"
        + " counted and listed by the names the run gave them; a second run puts the same"
        + " layer back",
      then: "run start",
      says: [
        "cell party.emitterCells.cell2: 4 properties (line 26)",
        "imported StoredPartyView.swift: 1 emitter, 3 cells, 1 action, start run once",
      ],
      emitters: ["party"], get: ("party.emitterCells.cell3.velocity", "140")),
    Case(
      file: "Actions/TwoStageView.m",
      shape: "a block the setup schedules reaches a layer an earlier scheduled block built, by"
        + " the name its run gave it",
      then: "step 2",
      says: ["imported TwoStageView.m: 1 emitter, 1 cell"],
      emitters: ["upper", "lower"], get: ("lower.emitterCells.bit.birthRate", "3")),
    Case(
      file: "Shapes/GlowRepresentable.swift",
      shape: "a representable's updateUIView(_:context:) runs with the view makeUIView made,"
        + " as SwiftUI calls it before the view first shows",
      says: ["24:8: warning: ran updateUIView(_:context:) at import with the view"],
      emitters: ["glow"], get: ("glow.emitterCells.mote.birthRate", "25")),
  ]

  @Test("each file builds what its author built", arguments: cases)
  func shape(c: Case) throws {
    let path = "\(importCorpus)/\(c.file)"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 300x300\nactions\n\(c.then)\nstep 1\n"
        + (c.get.map { "get \($0.0)\n" } ?? ""))
    #expect(!transcript.contains("error:"), "\(transcript)")
    for line in c.says { #expect(transcript.contains(line), "\(line)\n\(transcript)") }
    let model = session.scene.model
    let emitters = model.treeOrder.compactMap { model.layer($0) }.filter { $0.kind == .emitter }
    #expect(emitters.map(\.name) == c.emitters, "\(transcript)")
    if let (_, value) = c.get {
      #expect(transcript.hasSuffix("\n" + value + "\n"), "\(transcript)")
    }
    let live = session.scene.stats().reduce(0) { $0 + $1.live }
    #expect(live > 0, "\(transcript)")
  }

  @Test(
    "dark cells keep Burst's black when they are added (additive) or vary towards light",
    arguments: [
      "e.renderMode = .additive\nc.color = UIColor.black.cgColor",
      "c.color = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.5).cgColor",
      "c.color = UIColor.black.cgColor\nc.redRange = 0.8",
      "c.color = UIColor.black.cgColor\nc.greenSpeed = 0.5",
    ])
  func darkCellsKeepBlack(lines: String) throws {
    let source = [
      "import UIKit", "final class V: UIViewController {", "  override func viewDidLoad() {",
      "    super.viewDidLoad()", "    let e = CAEmitterLayer()", "    let c = CAEmitterCell()",
      "    c.birthRate = 5", lines, "    e.emitterCells = [c]", "    view.layer.addSublayer(e)",
      "  }", "}", "",
    ].joined(separator: "\n")
    let path = try temporaryFile("Dark.swift", contents: source)
    let (transcript, _) = importTranscript("import \"\(path)\"\nget scene.backgroundColor\n")
    #expect(transcript.hasSuffix("#000000\n"), "\(transcript)")
    #expect(!transcript.contains("tinted dark"), "\(transcript)")
  }

  @Test("only a macOS view that is not flipped is told its effect shows upside down")
  func macOSFlip() {
    let (unflipped, _) = importTranscript(
      "import \"\(importCorpus)/Shapes/EmberMacView.swift\"\n")
    let (flipped, _) = importTranscript("import \"\(importCorpus)/Shapes/FrostMacView.m\"\n")
    #expect(unflipped.contains("upside down"), "\(unflipped)")
    #expect(flipped.contains("a macOS file"), "\(flipped)")
    #expect(!flipped.contains("upside down"), "\(flipped)")
  }

  @Test("a view that performs UIKit's removeFromSuperview after a delay leaves with its layers")
  func delayedRemoveFromSuperview() throws {
    let path = "\(importCorpus)/Actions/PoofView.m"
    let (early, _) = importTranscript("import \"\(path)\" view 300x300\nstep 1\ncount poof\n")
    #expect(!early.contains("skipped: [self performSelector"), "\(early)")
    // Alive at t = 1, gone with the view at t = 1.5.
    let live = early.split(separator: "\n").last.flatMap { Int($0) } ?? 0
    #expect(live > 0, "\(early)")
    let (transcript, session) = importTranscript("import \"\(path)\" view 300x300\nstep 2\n")
    #expect(session.scene.model.layerID(named: "poof") == nil, "\(transcript)")
  }

  @Test("the fireworks template's rockets rise from its flat rectangle, its ivars said nothing")
  func flatRectangleRockets() throws {
    let path = "\(importCorpus)/Shapes/LaunchpadViewController.m"
    let (transcript, session) = importTranscript("import \"\(path)\" view 300x400\nstep 1\n")
    #expect(!transcript.contains("skipped: {"), "\(transcript)")
    let pad = try #require(session.scene.model.layerID(named: "pad"))
    let rockets = session.scene.particles(of: pad)
    #expect(!rockets.isEmpty)
    // Born on the bottom edge (y = 400) and thrown up at 300 ± 20 pt/s against 60 pt/s².
    for r in rockets {
      #expect(r.state.vy < 0 && r.state.y <= 400, "\(r.state)")
    }
    #expect(rockets.map(\.state.y).min().map { $0 < 300 } == true)
  }

  @Test("the effect a helper removes is gone when its delays have passed")
  func removedByItsDelay() {
    let path = "\(importCorpus)/Actions/BurstHelper.swift"
    let (transcript, session) = importTranscript("import \"\(path)\"\nstep 2\n")
    let model = session.scene.model
    #expect(model.treeOrder.compactMap { model.layer($0) }.allSatisfy { $0.kind != .emitter })
    #expect(transcript.contains("showAction run once"), "\(transcript)")
  }
}

/// `import FILE view WxH in WxH`: a component at the centre of a larger scene (docs/import.md).
@Suite("import: a component hosted inside a larger scene")
struct ImportHostedViewTests {
  @Test("the view is a layer of its size at the scene's centre, holding what the code adds")
  func hosted() throws {
    let path = "\(importCorpus)/Shapes/RingButton.swift"
    let (transcript, session) = importTranscript(
      "import \"\(path)\" view 44x44 in 200x200\nstep 0.5\n"
        + "get hostView.bounds\nget hostView.position\nget ring.emitterPosition\n")
    #expect(transcript.hasSuffix("0,0,44,44\n100,100\n22,22\n"), "\(transcript)")
    let model = session.scene.model
    let scene = model.root.properties.bounds.size
    #expect(scene == Size(200, 200))
    let ring = try #require(model.layerID(named: "ring"))
    #expect(model.layer(ring)?.parent == model.layerID(named: "hostView"))
    #expect(session.scene.stats().reduce(0) { $0 + $1.live } > 0)
  }

  @Test(
    "in without view, or a scene smaller than the view, is refused",
    arguments: [
      ("in 200x200", "give view WxH first"),
      ("view 300x300 in 200x200", "is smaller than the view"),
    ])
  func refused(clauses: String, message: String) {
    let path = "\(importCorpus)/Shapes/RingButton.swift"
    let run = runScript("import \"\(path)\" \(clauses)\n")
    #expect(run.error != nil)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }
}
