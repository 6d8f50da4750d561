import LaneSensing

extension Array where Element == ThrowDetector.Output {
  /// The deliveries among the detector's outputs, in order.
  public var deliveries: [DetectedThrow] {
    compactMap { if case .delivery(let delivery) = $0 { delivery } else { nil } }
  }

  /// The kinds of the warnings among the detector's outputs, in order.
  public var warnings: [ThrowDetector.Warning.Kind] {
    compactMap { if case .warning(let warning) = $0 { warning.kind } else { nil } }
  }

  /// The deck changes among the detector's outputs, in order.
  public var deckChanges: [ThrowDetector.DeckChange] {
    compactMap { if case .deckChanged(let change) = $0 { change } else { nil } }
  }
}
