import SimulatedPinSensor

extension SensorScript {
  /// Twelve strikes, a delivery every 30 s with the pinsetter's cycle after each: a perfect
  /// game.
  public static var perfectGame: SensorScript {
    var script = SensorScript()
    for frame in 0..<12 {
      let start = Duration.seconds(frame * 30)
      script = script.ball(at: start + .seconds(1))
        .pins(.full, fallAt: start + .milliseconds(1_200))
        .cycleOn(at: start + .seconds(10))
        .pins(.full, riseAt: start + .seconds(12))
        .cycleOff(at: start + .seconds(13))
    }
    return script
  }
}
