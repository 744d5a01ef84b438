import Testing

@testable import Core

@Suite("Values parse and print")
struct ValueParsingTests {
  @Test(
    "numbers print in the shortest form that reads back",
    arguments: [
      (0.7, "0.7"), (1000, "1000"), (-0.5, "-0.5"), (0, "0"), (1e-7, "1e-07"), (25, "25"),
    ])
  func numbersPrintShortest(value: Double, text: String) {
    #expect(ValueFormatting.number(value) == text)
    #expect(Double(text) == value)
  }

  @Test(
    "computed displays round to 12 significant digits and print the shortest form",
    arguments: [
      (0.8406250000000001, "0.840625"), (0.1 + 0.2, "0.3"), (-2.0000000000000004, "-2"),
      (0.9999999999999999, "1"), (0.7, "0.7"), (1e-7, "1e-07"), (1.00000000005, "1.00000000005"),
      (123_456_789_012_345, "123456789012000"), (99_999_999_999_950, "100000000000000"),
      (1.23456789012345e-20, "1.23456789012e-20"), (-1.23456789012567e300, "-1.23456789013e+300"),
      (0, "0"), (-0.0, "0"), (.infinity, "inf"), (.nan, "nan"),
    ])
  func displayRounds(value: Double, text: String) {
    #expect(ValueFormatting.display(value) == text)
  }

  @Test("a displayed point rounds each component; a colour prints as the model does")
  func displayValues() {
    #expect(ValueFormatting.display(.point(Point(0.1 + 0.2, 1.0000000000000002))) == "0.3,1")
    #expect(ValueFormatting.display(.color(Color(1, 0, 0))) == "#ff0000")
  }

  @Test(
    "an angle reads degrees with the degree sign as with deg",
    arguments: [("180°", "180deg"), ("-90°", "-90deg"), ("45.5°", "45.5deg"), ("(90°)", "pi/2")])
  func degreeSign(sign: String, deg: String) throws {
    let kind = PropertyKind.angle(-10...10)
    #expect(try kind.parse(sign) == kind.parse(deg))
  }

  @Test(
    "rgb whose components all look like 0–255 is refused with the colour in 0…1 and in hex",
    arguments: [
      ("rgb(200, 220, 255)", "write rgb(0.78, 0.86, 1) or #c8dcff"),
      ("rgb(2, 2, 2)", "write rgb(0.01, 0.01, 0.01) or #020202"),
    ])
  func byteLikeRGB(text: String, hint: String) {
    #expect(throws: ValueError.self) { try PropertyKind.color.parse(text) }
    do throws(ValueError) {
      _ = try PropertyKind.color.parse(text)
    } catch {
      #expect(
        error.message == "'\(text)' looks like 0–255 components, but rgb takes them from 0 to 1")
      #expect(error.hint?.hasPrefix(hint) == true, "\(error.hint ?? "")")
    }
  }

  @Test(
    "colours outside 0…1 that do not look like 0–255 stay extended-range",
    arguments: ["rgb(2, 0, 0)", "rgb(1.5, 1.2, 1.1)", "rgb(256, 300, 2)", "rgba(200, 220, 255, 1)"])
  func extendedKept(text: String) throws {
    #expect(PropertyKind.isExtendedRange(try PropertyKind.color.parse(text)))
  }

  @Test("colour names come from one table, UIKit's system colours included")
  func namedColours() throws {
    #expect(try PropertyKind.color.parse("systemPink") == .color(Color(1, 45 / 255, 85 / 255)))
    #expect(try PropertyKind.color.parse("darkGray") == .color(Color(1 / 3, 1 / 3, 1 / 3)))
    #expect(Set(Color.named.map(\.name)).count == Color.named.count)
  }
}
