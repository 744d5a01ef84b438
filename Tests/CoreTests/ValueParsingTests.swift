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
}
