import Testing
@testable import JianpuInterchange
import JianpuCore
