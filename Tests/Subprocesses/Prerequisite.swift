import Foundation

/// A tool, package or file a test needs, which a machine may lack (tmux, sox, mido, a SoundFont).
///
/// On a developer's machine a test whose prerequisite is missing is skipped, with the reason. Where
/// `JIANPU_REQUIRE_PREREQUISITES=1` (`.ci/run` sets it: CI installs everything), every prerequisite counts as
/// met, so the test runs and fails on what is missing instead of passing by silence.
public enum Prerequisite {
    /// Whether this run must have every prerequisite.
    public static let required = ProcessInfo.processInfo.environment["JIANPU_REQUIRE_PREREQUISITES"] == "1"

    /// Whether a test needing something `available` or not runs: always where prerequisites are required.
    public static func met(_ available: @autoclosure () -> Bool) -> Bool {
        required || available()
    }
}
