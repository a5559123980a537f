import MapEngine

/// The member annotations of a cluster, handed to the map's delegate to
/// make a cluster annotation of its own, and listed only when the delegate
/// reads them: the map asks for every new cluster, and listing a
/// million-pin map's members for a delegate that never looks cost 40 bytes
/// a pin and a good part of the first frame.
///
///     func mapView(_ map: MapController, clusterAnnotationForMemberAnnotations members: ClusterMembers)
///         -> ClusterAnnotation? {
///         let cluster = ClusterAnnotation(memberAnnotations: members)   // lists them, once
///         cluster.title = "\(members.count) cafés"
///         return cluster
///     }
public struct ClusterMembers: RandomAccessCollection {
    /// Lists the members once, when first read.
    private final class Listing {
        private let list: () -> [any Annotation]
        private(set) lazy var members: [any Annotation] = list()

        init(_ list: @escaping () -> [any Annotation]) {
            self.list = list
        }
    }

    private let listing: Listing

    /// The members `list` gives, called when first read. (Pins removed
    /// from the map since the clusters were made are not listed.)
    init(list: @escaping () -> [any Annotation]) {
        listing = Listing(list)
    }

    /// Members listed from an array (for tests and delegates of their own).
    public init(_ members: [any Annotation]) {
        self.init { members }
    }

    /// The first member's index: 0.
    public var startIndex: Int { 0 }
    /// One past the last member's index.
    public var endIndex: Int { listing.members.count }
    /// The member at `position`, listed when first asked for.
    public subscript(position: Int) -> any Annotation { listing.members[position] }
}
