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
}
