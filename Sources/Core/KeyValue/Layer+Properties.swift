extension Layer {
  /// CALayer's properties (every layer, the root and emitters included).
  package static let layerDescriptors: [PropertyDescriptor<Layer>] =
    [
      PropertyDescriptor<Layer>(
        "name", kind: .text, default: .text(""), summary: "the layer's unique name",
        animatable: false,
        choice:
          "any text real code uses as a name (a UUID such as 3F2A-9C01, dashes, spaces), but"
          + " not empty, not on two lines, and not a command word; one that is not a plain"
          + " identifier is written in double quotes, also in key paths"
          + " (set \"3F2A-9\".opacity 0.5). A layer's particles are keyed by its cells' names,"
          + " not its own. set LAYER.name NEW renames it (checked as when it is created);"
          + " commands scheduled with after or at are text and find it by the name it has when"
          + " they run, while its animations follow it", writable: false,
        get: { .text($0.name) }, set: { _, _ in }
      ).placedByHost().renaming()
    ] + caLayerDescriptors.map { $0.lifted(\Layer.properties) }

  /// CALayer's own properties and its CAMediaTiming.
  static let caLayerDescriptors: [PropertyDescriptor<LayerProperties>] =
    [
      .rect(
        "bounds", \.bounds, default: .zero,
        summary: "the layer's own coordinate space: origin and size (a size alone sets origin 0,0)"
      ).placedByHost().measured(in: .superlayer),
      .point(
        "position", \.position, default: .zero,
        summary: "where the anchor point lands in the superlayer"
      ).placedByHost().measured(in: .superlayer),
      PropertyDescriptor<LayerProperties>(
        "frame", kind: .rect, default: .rect(.zero), unit: "pt",
        summary: "the layer's rectangle in its superlayer: sets bounds.size and position",
        animatable: false,
        choice:
          "computed as if the transform were the identity (Apple calls frame undefined under"
          + " a transform): origin = position − anchorPoint × size; setting it keeps"
          + " bounds.origin and anchorPoint",
        get: { p in
          let s = p.bounds.size
          return .rect(
            Rect(
              p.position.x - p.anchorPoint.x * s.width, p.position.y - p.anchorPoint.y * s.height,
              s.width, s.height))
        },
        set: { p, v in
          guard case .rect(let f) = v else { return }
          p.bounds.size = f.size
          p.position = Point(
            f.origin.x + p.anchorPoint.x * f.size.width,
            f.origin.y + p.anchorPoint.y * f.size.height)
        }
      ).derived(from: ["bounds", "position", "anchorPoint"]),
      .point(
        "anchorPoint", \.anchorPoint, default: Point(0.5, 0.5), unit: "unit",
        summary: "the point of the bounds (0…1 each way) that position places"),
      .number(
        "zPosition", \.zPosition, default: 0, unit: "pt",
        summary: "orders siblings: lower draws first, negative goes under its siblings"),
      .number(
        "opacity", \.opacity, default: 1, range: 0...1,
        summary: "multiplies the alpha of everything the layer and its sublayers draw"),
      .bool("hidden", \.hidden, default: false, summary: "a hidden layer draws nothing")
        .swift("isHidden"),
      .color(
        "backgroundColor", \.backgroundColor, default: .clear,
        summary: "fills the bounds under the layer's content"
      ).placedByHost(),
      .number(
        "cornerRadius", \.cornerRadius, default: 0, range: 0...Limits.maxMagnitude, unit: "pt",
        summary: "rounds the corners of the background"),
      .number(
        "borderWidth", \.borderWidth, default: 0, range: 0...Limits.maxMagnitude, unit: "pt",
        summary: "width of the border drawn inside the bounds"),
      .color(
        "borderColor", \.borderColor, default: .black, summary: "colour of the border"),
      .bool(
        "masksToBounds", \.masksToBounds, default: false,
        summary: "clips sublayers and particles to the bounds"),
      .kept(
        "shouldRasterize", \.kept, kind: .bool, default: .bool(false),
        summary: "renders the layer once into a bitmap that later frames reuse",
        noEffect: "Burst draws every frame from the model, so there is no bitmap to reuse"),
      .kept(
        "rasterizationScale", \.kept, kind: .number(0.001...1000), default: .number(1),
        unit: "px/pt", summary: "pixels per point of the bitmap shouldRasterize caches",
        noEffect: "there is no cached bitmap (see shouldRasterize)"),
      .kept(
        "drawsAsynchronously", \.kept, kind: .bool, default: .bool(false),
        summary: "queues the layer's drawing commands to run on a background thread",
        noEffect: "Burst draws on one thread, in the same order either way"),
      .kept(
        "allowsEdgeAntialiasing", \.kept, kind: .bool, default: .bool(false),
        summary: "antialiases the edges of a transformed layer",
        noEffect: "layer edges are drawn the same either way"),
      .kept(
        "needsDisplayOnBoundsChange", \.kept, kind: .bool, default: .bool(false),
        summary: "redraws the layer's content when its bounds change",
        noEffect: "Burst has no custom drawing to redo; contents are redrawn every frame"),
      .kept(
        "opaque", \.kept, kind: .bool, default: .bool(false),
        summary: "promises that the layer fills its bounds with opaque pixels",
        noEffect: "a hint for the compositor; Burst blends the layer as it is"
      ).swift("isOpaque"),
      .kept(
        "geometryFlipped", \.kept, kind: .bool, default: .bool(false),
        summary: "reads the sublayers' geometry with y up from the bottom (macOS layer trees)",
        noEffect: "Burst lays out with iOS's top-left origin, where a view manages this flag;"
          + " it is kept so that code setting it runs, but nothing is flipped"
      ).swift("isGeometryFlipped"),
      .bool(
        "doubleSided", \.doubleSided, default: true,
        summary: "whether the layer shows when turned away from the viewer (no: hidden then)",
        choice: "a layer is turned away when its drawing, through every transform down to the"
          + " screen, is mirrored (its corners wind the other way), as a mirroring scale of -1"
          + " also does"
      ).swift("isDoubleSided"),
      .kept(
        "contentsFormat", \.kept,
        kind: .enumeration(
          cases: ["RGBA8Uint", "RGBA16Float", "gray8Uint"],
          names: ConstantNames(
            swiftType: "CALayerContentsFormat", objcPrefix: "kCAContentsFormat")),
        default: .enumeration("RGBA8Uint"),
        summary: "the pixel format of the layer's backing store",
        noEffect: "Burst composites every layer in floating-point RGBA"),
      .image("contents", \.contents, summary: "an image drawn in the bounds"),
      .enumeration(
        "contentsGravity", \.contentsGravity, default: .resize,
        summary: "how contents fit the bounds (resize stretches; others keep the aspect)",
        choice: "as on iOS, top and bottom name the unflipped axis: bottom shows at the top"),
      .number(
        "contentsScale", \.contentsScale, default: 1, range: 0.001...1000, unit: "px/pt",
        summary: "image pixels per point of the contents (2 for @2x art)", animatable: false),
      .rect(
        "contentsRect", \.contentsRect, default: .unit, unit: "unit",
        summary: "the part of the contents image shown, in unit coordinates"),
      .enumeration(
        "magnificationFilter", \.magnificationFilter, default: .linear,
        summary: "how contents drawn larger than their pixels are sampled (nearest is blocky)",
        choice: ContentsFilter.magnificationChoice),
      .enumeration(
        "minificationFilter", \.minificationFilter, default: .linear,
        summary: "how contents drawn smaller than their pixels are sampled",
        choice: ContentsFilter.minificationChoice),
      .number(
        "minificationFilterBias", \.minificationFilterBias, default: 0, range: -64...64,
        summary: "added to the mip level chosen when minifying with trilinear",
        choice: ContentsFilter.biasChoice),
      .color(
        "shadowColor", \.shadowColor, default: .black,
        summary: "colour of the shadow (its alpha multiplies shadowOpacity)"),
      .number(
        "shadowOpacity", \.shadowOpacity, default: 0, range: 0...1,
        summary: "opacity of the shadow drawn under the layer; 0 draws none",
        choice: "the shadow is the alpha of everything the layer draws (background, contents,"
          + " border, an emitter's particles, sublayers), or shadowPath's shape, blurred,"
          + " offset, tinted by shadowColor × shadowOpacity and drawn under the layer, faded"
          + " with the layer's opacity and, as on iOS, clipped by its masksToBounds; the"
          + " scene's root casts none"),
      .number(
        "shadowRadius", \.shadowRadius, default: 3, range: 0...10_000, unit: "pt",
        summary: "how far the shadow's edge is blurred",
        choice: "the blur is a Gaussian whose standard deviation is shadowRadius (so a design"
          + " tool's blur of 2 × shadowRadius), made of three box blurs; radius and offset are"
          + " in the layer's own space, so they scale and turn with its transform"),
      .size(
        "shadowOffset", \.shadowOffset, default: Size(0, -3),
        summary: "where the shadow sits relative to the layer (+y down: the default -3 is up)"),
      PropertyDescriptor<LayerProperties>(
        "shadowPath", kind: .path, default: .path(.empty), unit: "pt",
        summary: "the shape that casts the shadow, in the layer's coordinates: any path, as a"
          + " shape layer's path is written (none: the layer's alpha)",
        choice: "any CGPath: path(moveTo … close), ellipse(x,y,w,h), rect(x,y,w,h),"
          + " roundedRect(x,y,w,h,r) (UIBezierPath(roundedRect:cornerRadius:), its radius at"
          + " most half the shorter side) or a bare rect x,y,w,h; the shadow is the path's"
          + " non-zero fill, anti-aliased as a shape layer's fill is. none (or an empty rect,"
          + " 0,0,0,0) is nil, so the layer's alpha casts the shadow. A rect or rounded rect"
          + " also has the fields x, y, width, height and radius (shadowPath.radius)",
        get: { .path($0.shadowPath) },
        set: { p, v in if case .path(let path) = v { p.shadowPath = path } }),
      PropertyDescriptor<LayerProperties>(
        "mask", kind: .text, default: .text(""),
        summary: "another layer, by name, whose alpha masks this layer's drawing (none: no mask)",
        animatable: false,
        choice: "the mask layer stays in the tree but is no longer drawn there: it is drawn in"
          + " this layer's coordinate space (its position, bounds and transform as a sublayer"
          + " of this layer would have them) and its alpha multiplies this layer's whole"
          + " drawing, sublayers, border and shadow included, as Core Animation does. A layer"
          + " cannot mask itself, an ancestor, a layer that masks it (a cycle), or two layers;"
          + " a hidden mask hides the layer. Removing the mask layer removes the mask; renaming"
          + " it keeps it",
        get: { .text($0.mask) },
        set: { p, v in if case .text(let t) = v { p.mask = t } }
      ).namingLayer(),
    ]
    + LayerTransform.descriptors(prefix: "transform", summary: "the layer's own").map {
      $0.lifted(\LayerProperties.transform)
    }
    + LayerTransform.descriptors(prefix: "sublayerTransform", summary: "the sublayers'").map {
      $0.lifted(\LayerProperties.sublayerTransform)
    } + MediaTiming.descriptors.map { $0.lifted(\LayerProperties.timing) }
}

extension Layer {
  /// CAEmitterLayer's own properties.
  package static let emitterDescriptors: [PropertyDescriptor<Layer>] = EmitterProperties.descriptors
    .map { $0.lifted(\Layer.emitter) }

  /// The scene's settings, on the root layer.
  package static let sceneDescriptors: [PropertyDescriptor<Layer>] = [
    PropertyDescriptor<SceneSettings>.integer(
      "maxParticles", \.maxParticles, default: 2_000_000, range: 0...Double(Limits.maxParticles),
      unit: "particles",
      summary: "the most particles alive at once in the scene; births past it are dropped",
      choice:
        "a simulator bound, not a Core Animation property: it keeps memory bounded. Which"
        + " births it drops is decided on exact times, so it does not depend on the step size:"
        + " taking every birth of the scene in time order (ties: layer tree order, then cell"
        + " order), a birth is kept exactly when fewer than maxParticles particles are alive"
        + " just before it; a death at the same instant frees its room first. A dropped"
        + " particle has no sub-cell descendants. stats counts the dropped births"),
    .number(
      "pixelScale", \.pixelScale, default: 1, range: 0.01...16, unit: "px/pt",
      summary: "pixels per point in snapshots", animatable: false),
    .bool(
      "futureParticles", \.futureParticles, default: false,
      summary: "models iOS 7+'s \"future particles\": an emitter whose beginTime was never set"
        + " back-fills particles when it starts emitting",
      choice:
        "a scene switch, not a Core Animation property (export writes it as a comment only)."
        + " When on, an emitter layer whose own beginTime is still 0 and whose local time is"
        + " past 0 back-fills as it goes from emitting nothing (no cell emitting, no particle"
        + " alive) to emitting (a birthRate raised from 0, enabled turned on, a cell added):"
        + " it emits with its current values from max(local time 0, now − its longest"
        + " lifetime chain), so it starts as full as if it had been emitting all along. The"
        + " births are simulated in the next step, by their exact times. lint says where a"
        + " real app sees this; set beginTime to the current time first (as fire does) to"
        + " avoid it"),
    .enumeration(
      "rangeRule", \.readings.rangeRule, default: Readings().rangeRule,
      summary: "how a value with mean M and range R is drawn: half, uniform in"
        + " [M − R/2, M + R/2]; full, uniform in [M − R, M + R] (every range but emissionRange)",
      choice: Readings.switchChoice
        + " Apple's header on seed and SpriteKit's and SceneKit's documentation say half;"
        + " Apple's lifetimeRange page says full"),
    .enumeration(
      "emissionRangeRule", \.readings.emissionRangeRule, default: Readings().emissionRangeRule,
      summary: "what emissionRange measures: fullAngle, the whole spread (±R/2 around the"
        + " direction); halfAngle, ±R around it",
      choice: Readings.switchChoice),
    .enumeration(
      "emissionCone", \.readings.emissionCone, default: Readings().emissionCone,
      summary: "flat: directions fan out in one plane, tilted by emissionLatitude; cone:"
        + " directions uniform over the 3-D cone around the emission direction, projected on"
        + " the screen",
      choice: Readings.switchChoice
        + " The cone draws one more random number per particle (its own, after the others),"
        + " so every other draw keeps its value"),
    .enumeration(
      "lineDirection", \.readings.lineDirection, default: Readings().lineDirection,
      summary: "which way a line emitter's (or a W×0 rectangle's) emissionLongitude 0 points:"
        + " up (−y) or down (+y), along the line's normal; other longitudes turn from there",
      choice: Readings.switchChoice),
  ].map { $0.lifted(\Layer.settings) }
}

extension EmitterProperties {
  static let descriptors: [PropertyDescriptor<EmitterProperties>] = [
    .number(
      "birthRate", \.birthRate, default: 1, range: ValueParsing.sane,
      summary: "multiplies every cell's birthRate (particles per second)",
      choice: "a negative product emits nothing"
    ).changingCounts(),
    .number(
      "lifetime", \.lifetime, default: 1, range: ValueParsing.sane,
      summary: "multiplies each new particle's lifetime; 0 means particles are never born",
      choice: "applied at birth only, to sub-cell particles too"
    ).changingCounts(),
    .number(
      "velocity", \.velocity, default: 1, summary: "multiplies each new particle's velocity",
      choice: "applied at birth only, to sub-cell particles too; accelerations are not"
        + " multiplied"),
    .number(
      "scale", \.scale, default: 1, summary: "multiplies each new particle's scale",
      choice: "applied at birth only; sub-cell particles inherit their parent's scale, which"
        + " already includes it, so it is not applied twice; scaleSpeed is not multiplied"),
    .number(
      "spin", \.spin, default: 1, summary: "multiplies each new particle's spin",
      choice: "applied at birth only, to sub-cell particles too"),
    .point(
      "emitterPosition", \.emitterPosition, default: .zero,
      summary: "centre of the emission shape, in the layer's coordinates"
    ).measured(in: .own),
    .number(
      "emitterZPosition", \.emitterZPosition, default: 0, unit: "pt",
      summary: "z of the emission shape's centre"),
    .size(
      "emitterSize", \.emitterSize, default: .zero,
      summary: "width and height of the shape (a circle's or sphere's radius is the width)",
      choice: "circle and sphere radius = emitterSize.width, as Apple's documentation says"
    ).measured(in: .own),
    .number(
      "emitterDepth", \.emitterDepth, default: 0, range: ValueParsing.sane, unit: "pt",
      summary: "depth of a cuboid"),
    .enumeration(
      "emitterShape", \.emitterShape, default: .point,
      summary: "point, line, rectangle, cuboid, circle or sphere",
      choice: "a line's central direction is its normal turned by the longitude: longitude 0"
        + " goes up and pi down when scene.lineDirection is up (sin λ, −cos λ), the reverse"
        + " when it is down; a rectangle with no height is a line and leaves the same way"),
    .enumeration(
      "emitterMode", \.emitterMode, default: .volume,
      summary: "where on the shape particles start: points, outline, surface or volume",
      choice: "circle and sphere outlines emit radially outward (turned by the longitude);"
        + " points mode uses corners, line endpoints, or a circle's centre"),
    .enumeration(
      "renderMode", \.renderMode, default: .unordered,
      summary: "drawing order (unordered, oldestFirst, oldestLast, backToFront) or additive",
      choice: "unordered and oldestFirst draw the oldest first (newest on top), cells in array"
        + " order"),
    .bool(
      "preservesDepth", \.preservesDepth, default: false,
      summary: "whether particles keep their z in the superlayer's 3-D space (no: flattened)",
      choice: "with yes, each particle's x, y and z go through the layer's transform and the"
        + " superlayer's sublayerTransform (its perspective), so nearer particles are drawn"
        + " larger and further out, and backToFront sorts by that depth; with no they are"
        + " flattened into the layer's plane, as on iOS. Without a turn out of the plane or a"
        + " perspective the two draw the same"),
    .integer(
      "seed", \.seed, default: 0, range: 0...4_294_967_295,
      summary: "seeds the layer's random generator (UInt32)",
      choice: "the generator is Burst's own counter-based SplitMix64 stream, so the same seed"
        + " gives the same particles everywhere, but not Apple's particles"),
  ]
}

extension ContentsFilter {
  /// What magnificationFilter does, for both tables.
  static let magnificationChoice =
    "an image is magnified when at most one texel falls on a pixel (along its worse screen"
    + " axis): nearest takes the texel under the pixel's centre, so edges between texels are"
    + " hard; linear interpolates the four nearest texels; trilinear is linear here (there is"
    + " no smaller level to blend). A sprite under 2 px on screen is a splat of its mean"
    + " colour whatever the filter"

  /// What minificationFilter does, for both tables.
  static let minificationChoice =
    "with ρ texels per pixel (> 1): linear keeps Burst's anti-aliased sampling, bilinear in"
    + " the two mip levels around log2 ρ + min(log2 ρ, 0.5), blended (Apple's linear has no"
    + " mipmaps and would shimmer); trilinear is the textbook filter, bilinear in the two levels"
    + " around log2 ρ + minificationFilterBias, blended, so up to half a level sharper than"
    + " linear; nearest takes the nearest texel of the full image and aliases, as on iOS"

  /// What minificationFilterBias does, for both tables.
  static let biasChoice =
    "only trilinear uses it, as Apple documents: positive picks smaller, blurrier mip levels,"
    + " negative sharper ones; the level stays within the mip chain"
}
