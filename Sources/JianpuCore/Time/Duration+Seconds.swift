extension Duration {
    /// The duration in seconds, as a `Double` (for clocks read as `ContinuousClock().now - start`).
    public var inSeconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
