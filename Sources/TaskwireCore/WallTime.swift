/// A time of day on the wall clock of the store's time zone, to the minute ("15:30"): what a
/// person means by "at 3 pm" on a given calendar date, whatever the offset that day (a time
/// survives a daylight-saving change and a new time zone of the store as the same wall time).
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Minutes since midnight, 0..<1440.
  public let minutes: Int

  public init?(minutes: Int) {
    guard (0..<1440).contains(minutes) else { return nil }
    self.minutes = minutes
  }

  public init?(hour: Int, minute: Int) {
    guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
    self.init(minutes: hour * 60 + minute)
  }

  /// "HH:MM", 24-hour, two digits each (what the protocol and the store hold).
  public init?(iso text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
    func digit(_ at: Int) -> Int? {
      let byte = bytes[at]
      return (48...57).contains(byte) ? Int(byte) - 48 : nil
    }
    guard let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else { return nil }
    self.init(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
  }

  public var hour: Int { minutes / 60 }
  public var minute: Int { minutes % 60 }

  /// "09:05". (Written as five bytes: an array of Characters made a time cost more than the
  /// rest of a timed task's history row.)
  public var description: String {
    let zero = UInt8(ascii: "0")
    let (hour, minute) = (UInt8(self.hour), UInt8(self.minute))
    return String(
      decoding: [zero + hour / 10, zero + hour % 10, UInt8(ascii: ":"), zero + minute / 10, zero + minute % 10],
      as: UTF8.self)
  }

  public static func < (a: WallTime, b: WallTime) -> Bool { a.minutes < b.minutes }
}
