import Testing

@testable import Core

@Suite("Images drawn in code: drawing(W,H …)")
struct DrawnImageTests {
  @Test(
    "a drawing reads and prints back the same, its marks' defaults left out",
    arguments: [
      "drawing(12,10 ellipse(0,0,12,10) fillColor=#ff0000)",
      "drawing(12,10 path(moveTo 6,0 lineTo 12,10 lineTo 0,10 close) fillColor=#ff2d55)",
      "drawing(24,20 rect(1,1,22,18) fillColor=#00000000 strokeColor=#ffffff lineWidth=2"
        + " lineCap=round lineJoin=bevel miterLimit=4 lineDashPattern=[2, 1] lineDashPhase=1)",
      "drawing(8.5,4 rect(0,0,8.5,4) ellipse(1,1,2,2) fillColor=#00ff0080 fillRule=evenOdd)",
      "drawing(3,3)",
    ])
  func roundTrip(text: String) throws {
    let value = try PropertyKind.image.parse(text)
    #expect(ValueFormatting.value(value) == text)
  }

  @Test(
    "a drawing's other spellings read as the same value",
    arguments: [
      (
        "drawing(12x10 ellipse(0,0,12,10) fillColor=red)",
        "drawing(12,10 ellipse(0,0,12,10) fillColor=#ff0000)"
      ),
      (
        "drawing( 4,4   rect(0,0,4,4)  strokeColor=white )",
        "drawing(4,4 rect(0,0,4,4) strokeColor=#ffffff)"
      ),
      ("drawing(4,4 roundedRect(0,0,4,4,0) fillColor=black)", "drawing(4,4 rect(0,0,4,4))"),
    ])
  func spellings(text: String, printed: String) throws {
    #expect(ValueFormatting.value(try PropertyKind.image.parse(text)) == printed)
  }

  @Test(
    "bad drawings are refused with what is wrong and what to write",
    arguments: [
      ("drawing(0,10 rect(0,0,1,1))", "more than 0"),
      ("drawing(2000,2000 rect(0,0,1,1))", "at most 1048576 pixels"),
      ("drawing(10,10 fillColor=red)", "comes before any path"),
      ("drawing(10,10 rect(0,0,1,1) fillColour=red)", "no key 'fillColour'"),
      ("drawing(10,10 rect(0,0,1,1) strokeEnd=0.5)", "no key 'strokeEnd'"),
      ("drawing(10,10 circle(0,0,1,1))", "is not a path"),
      ("drawing(10,10 rect(0,0,1,1) fillColor=nope)", "nope"),
      ("drawing()", "starts with its size"),
      ("drawing(10,10", "expected a drawing"),
    ])
  func refused(text: String, says: String) {
    #expect {
      _ = try PropertyKind.image.parse(text)
    } throws: { error in
      guard let e = error as? ValueError else { return false }
      return e.message.contains(says)
    }
  }

  @Test("a misspelt mark key suggests the shape layer's key")
  func suggestsKey() {
    do {
      _ = try PropertyKind.image.parse("drawing(4,4 rect(0,0,4,4) fillColr=red)")
      Issue.record("expected an error")
    } catch {
      #expect(error.hint?.contains("fillColor") == true, "\(error)")
    }
  }

  @Test("more marks than the limit are refused, the limit itself is read")
  func markLimit() throws {
    let mark = " rect(0,0,1,1)"
    let at = "drawing(4,4" + String(repeating: mark, count: Limits.maxDrawingMarks) + ")"
    _ = try PropertyKind.image.parse(at)
    #expect(throws: ValueError.self) {
      _ = try PropertyKind.image.parse(
        "drawing(4,4" + String(repeating: mark, count: Limits.maxDrawingMarks + 1) + ")")
    }
  }

  @Test("a drawing's pixels are its marks drawn as shape layers draw them, bit for bit")
  func pixelsAreShapeDrawing() throws {
    var triangle = ShapeProperties()
    triangle.path = ShapePath([
      .move(to: Point(6, 0)), .line(to: Point(12, 10)), .line(to: Point(0, 10)), .close,
    ])
    triangle.fillColor = Color(1, 0.2, 0.4, 1)
    var ring = ShapeProperties()
    ring.path = ShapePath([.ellipse(in: Rect(2, 2, 8, 6))])
    ring.fillColor = .clear
    ring.strokeColor = Color(1, 1, 1, 0.5)
    ring.lineWidth = 1.5
    let d = DrawnImage(size: Size(12.5, 10), marks: [triangle, ring])
    #expect(d.image.width == 13 && d.image.height == 10)
    var canvas = Canvas(width: 13, height: 10)
    canvas.drawShape(triangle, transform: Projective2D(.identity), opacity: 1)
    canvas.drawShape(ring, transform: Projective2D(.identity), opacity: 1)
    #expect(Canvas(d.image).pixels == canvas.pixels)
    #expect(canvas.pixels.contains { $0 > 0 })
  }

  @Test("a cell whose contents are a drawing shows its colours, not a white stand-in")
  func sceneShowsDrawing() throws {
    let text = "drawing(8,8 rect(0,0,8,8) fillColor=#00ff00)"
    guard case .image(let ref) = try PropertyKind.image.parse(text) else {
      Issue.record("not an image")
      return
    }
    let image = try #require(Scene().image(ref))
    let pixels = Canvas(image).pixels
    #expect(Array(pixels[0..<4]) == [0, 1, 0, 1])
  }

  @Test("equal drawings are equal values; a different mark makes a different one")
  func equality() throws {
    let a = try PropertyKind.image.parse("drawing(4,4 rect(0,0,4,4) fillColor=red)")
    let b = try PropertyKind.image.parse("drawing(4x4 rect(0,0,4,4) fillColor=#ff0000)")
    let c = try PropertyKind.image.parse("drawing(4,4 rect(0,0,4,4) fillColor=blue)")
    #expect(a == b)
    #expect(a != c)
    #expect(Set([a, b, c]).count == 2)
  }
}
