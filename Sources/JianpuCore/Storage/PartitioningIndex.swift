extension RandomAccessCollection {
    /// The first index whose element is in the second partition (`endIndex` when none is), found by halving.
    ///
    /// The collection must be partitioned by the predicate: every element for which it is false comes before
    /// every element for which it is true, as in a sorted array asked "at or past this value?". The name and
    /// contract are swift-algorithms'; one written here keeps the package free of a dependency for one function.
    @inlinable
    public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
