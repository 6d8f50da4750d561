/// Whether `condition` becomes true within `limit`, checked every 20 ms.
public func eventually(
  within limit: Duration = .seconds(10), _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return condition()
}
