import JianpuCore
import JianpuNotation

/// A time signature taking effect at a position.
public struct MeterChange: Sendable, Hashable {
    public var position: WholeNotes
    public var beats: Int
    public var beatUnit: Int
    public init(position: WholeNotes, beats: Int, beatUnit: Int) {
        self.position = position
        self.beats = beats
        self.beatUnit = beatUnit
    }
}
