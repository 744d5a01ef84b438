/// A binary min-heap on an array (the event queues of a capped step).
///
/// Costs, for n elements: `first` and `isEmpty` O(1); `push` and `pop` O(log n) comparisons and
/// swaps (one sift up or down a tree of height ⌊log₂ n⌋), `push` amortised over the array's
/// growth. Elements that compare equal come out in no promised order, so callers make their
/// `Comparable` order total (the capped step breaks ties by tree order and key).
struct MinHeap<Element: Comparable> {
  var elements: [Element] = []

  var first: Element? { elements.first }
  var isEmpty: Bool { elements.isEmpty }

  /// Adds `e`: O(log n).
  mutating func push(_ e: Element) {
    elements.append(e)
    var i = elements.count - 1
    while i > 0 {
      let p = (i - 1) / 2
      guard elements[i] < elements[p] else { break }
      elements.swapAt(i, p)
      i = p
    }
  }

  /// Removes and returns the least element (the heap must not be empty): O(log n).
  mutating func pop() -> Element {
    let top = elements[0]
    let last = elements.removeLast()
    guard !elements.isEmpty else { return top }
    elements[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < elements.count && elements[l] < elements[m] { m = l }
      if r < elements.count && elements[r] < elements[m] { m = r }
      if m == i { break }
      elements.swapAt(i, m)
      i = m
    }
    return top
  }
}
