/// The layout of a contact sheet (`sweep … to FILE.png`): a grid of equal panels, each with a
/// label strip under it, separated by gutters, on a dark background.
package struct ContactSheet: Sendable, Equatable {
  package let panelWidth: Int
  package let panelHeight: Int
  package let columns: Int
  package let rows: Int
  /// Canvas pixels per font pixel of the labels: 1, 2 for panels 240 pixels wide, up to 4 for
  /// panels 480 pixels wide or more.
  package let scale: Int

  package init(panelWidth: Int, panelHeight: Int, columns: Int, rows: Int) {
    self.panelWidth = max(1, panelWidth)
    self.panelHeight = max(1, panelHeight)
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    scale = min(4, max(1, panelWidth / 120))
  }

  /// The space between panels and around the sheet, in pixels.
  var gutter: Int { 4 * scale }
  /// The height of the strip under a panel that holds its label.
  package var labelHeight: Int { (BitmapFont.glyphHeight + 4) * scale }

  package var width: Int { gutter + columns * (panelWidth + gutter) }
  package var height: Int { gutter + rows * (panelHeight + labelHeight + gutter) }

  /// The sheet's background and the labels' colour.
  package static let background = RGBA(r: 0.1, g: 0.1, b: 0.1, a: 1)
  package static let ink = RGBA(r: 0.9, g: 0.9, b: 0.9, a: 1)

  /// The top-left pixel of the panel in `column`, `row`.
  package func origin(column: Int, row: Int) -> (x: Int, y: Int) {
    (gutter + column * (panelWidth + gutter), gutter + row * (panelHeight + labelHeight + gutter))
  }

  /// An empty sheet.
  package func canvas() -> Canvas { Canvas(width: width, height: height, fill: Self.background) }

  /// Draws a panel and its label (centred under it; cut with `..` when it does not fit).
  package func place(_ panel: Canvas, label: String, column: Int, row: Int, on sheet: inout Canvas)
  {
    let (x, y) = origin(column: column, row: row)
    sheet.draw(panel, x: x, y: y)
    let text = BitmapFont.fitting(label, width: panelWidth, scale: scale)
    let w = BitmapFont.width(of: text, scale: scale)
    sheet.drawText(
      text, x: x + (panelWidth - w) / 2, y: y + panelHeight + 2 * scale, scale: scale,
      color: Self.ink)
  }
}
