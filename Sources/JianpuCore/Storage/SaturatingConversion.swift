extension FixedWidthInteger {
    /// `value` rounded toward zero and held to the type's range: NaN is zero, and values past the
    /// ends (infinities included) are `min` or `max`.
    ///
    /// `Int(someDouble)` traps on NaN, infinity or a value out of range; a Double read from a
    /// database, a profile or a score (or computed from one) is converted through here instead.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value <= Double(Self.min) {
            self = .min
        } else if value >= Double(Self.max) {
            // Double(Int64.max) is 2^63, one past it: `>=` keeps the conversion below in range.
            self = .max
        } else {
            self.init(value)
        }
    }
}
