/// The bounds Burst enforces so that every command finishes with bounded time and memory.
/// Each is declared once here; error messages and `explain` quote these values.
public enum Limits {
  /// The highest effective birth rate of one cell (particles per second of its emitter's
  /// clock); a higher `cell.birthRate × layer.birthRate × speed` is capped with a warning.
  public static let maxBirthRate = 1e8

  /// The most births one step may have to decide one by one at the particle cap (about
  /// `maxParticles × (1 + step / mean lifetime)`); a longer step at the cap is refused before
  /// it starts. In a release build this is a few seconds of work.
  public static let maxCapDecisions = 2e7

  /// The most 1 ms cells of animated emission one step may evaluate one by one (1000 s of
  /// scene time, a few seconds of work); a longer step is refused before it starts. Only the cells where an
  /// animation changes birth counts or lifetimes, or the last lifetime chain before the
  /// step's end, are evaluated one by one.
  public static let maxEmissionGridCells = 1e6
}
