import JianpuCore
import JianpuEngraving
import Synchronization

extension ScoreView {
    /// The lines of music the screen has drawn: the layout at the window's width and the lines around
    /// the playing position, a few screens of them. Live state the screen keeps between frames: a new
    /// width lays the score out again, a position outside the lines held draws the lines around it.
    final class Lines: Sendable {
        private struct State {
            var width = 0
            var breaks: TextScore.Breaks?
            var first = 0
            var lines: [Line] = []
            /// The bars the lines are drawn from: kept through a resize, which lays out the same bars anew.
            var window: TextWindow?
        }
        private let state: Mutex<State>

        /// Lines drawn first from `opening`, the bars the score's columns were read with.
        init(opening: TextWindow? = nil) {
            state = Mutex(State(window: opening))
        }

        /// What a screen `rows` high shows of `text` laid out `width` wide at a written place: the
        /// lines held (from index `first`), the line being played and how many lines there are.
        func around(
            _ text: TextScore, width: Int, place: (movement: Int, time: Double)?, rows: Int
        )
            -> (lines: [Line], first: Int, current: Int, count: Int)
        {
            state.withLock { state in
                if state.breaks == nil || state.width != width {
                    state.breaks = text.breaks(width: width)
                    state.width = width
                    state.lines = []
                    state.first = 0
                }
                guard let breaks = state.breaks, !breaks.lines.isEmpty else { return ([], 0, 0, 0) }
                let count = breaks.lines.count
                let current = place.map { text.line(of: $0, in: breaks) } ?? 0
                // A line takes two rows at least: half a screen of lines before the one played and a
                // screen after always fill the screen.
                let rows = max(rows, 4)
                let needed = max(0, current - rows / 2 - 1)..<min(count, current + rows + 1)
                if needed.lowerBound < state.first || needed.upperBound > state.first + state.lines.count {
                    let wanted = max(0, current - rows)..<min(count, current + 2 * rows + 2)
                    state.lines = []
                    if !text.holds(state.window, lines: wanted, of: breaks) {
                        // A few screens more than drawn, so that a narrower window finds its lines here.
                        state.window = nil
                        state.window = text.window(max(0, current - 2 * rows)..<min(count, current + 4 * rows + 4), of: breaks)
                    }
                    state.lines = text.lines(wanted, of: breaks, in: state.window).map(Line.init)
                    state.first = wanted.lowerBound
                }
                return (state.lines, state.first, current, count)
            }
        }

        /// How many lines the layout `width` wide has, and how many are held (for tests).
        func counts(_ text: TextScore, width: Int) -> (layout: Int, held: Int) {
            state.withLock { state in
                (state.width == width ? state.breaks?.lines.count ?? 0 : text.breaks(width: width).lines.count, state.lines.count)
            }
        }
    }
}
