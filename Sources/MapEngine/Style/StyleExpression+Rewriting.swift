extension StyleExpression {
    /// The expression with each `get` of a key that `replacement` answers for
    /// replaced by its answer (nil: kept), everywhere inside it.
    func replacingGets(_ replacement: (String) -> StyleExpression?) -> StyleExpression {
        func map(_ expression: StyleExpression) -> StyleExpression { expression.replacingGets(replacement) }
        func all(_ items: [StyleExpression]) -> [StyleExpression] { items.map(map) }
        switch self {
        case .get(let key): return replacement(key) ?? self
        case .literal, .has, .zoom, .drawingInput, .accumulated, .geometryType, .id, .variable, .within, .distance, .globalState, .properties: return self
        case .makeArray(let items): return .makeArray(all(items))
        case .featureState(let name): return .featureState(map(name))
        case .numberFormat(let number, let options): return .numberFormat(map(number), options: options.mapValues(map))
        case .not(let inner): return .not(map(inner))
        case .compare(let comparison, let left, let right): return .compare(comparison, map(left), map(right))
        case .collate(let comparison, let left, let right, let collator):
            return .collate(comparison, map(left), map(right), collator: map(collator))
        case .collator(let caseSensitive, let diacriticSensitive, let locale):
            return .collator(caseSensitive: map(caseSensitive), diacriticSensitive: map(diacriticSensitive), locale: map(locale))
        case .format(let parts): return .format(parts.map { ($0.content.replacingGets(replacement), $0.options.mapValues(map)) })
        case .imageNamed(let name): return .imageNamed(map(name))
        case .all(let items): return .all(all(items))
        case .any(let items): return .any(all(items))
        case .choose(let branches, let otherwise):
            return .choose(branches.map { (map($0.0), map($0.1)) }, otherwise: map(otherwise))
        case .match(let input, let branches, let otherwise):
            return .match(map(input), branches.map { ($0.0, map($0.1)) }, otherwise: map(otherwise))
        case .coalesce(let items): return .coalesce(all(items))
        case .step(let input, let base, let stops): return .step(map(input), base: map(base), stops: stops.map { ($0.0, map($0.1)) })
        case .interpolate(let curve, let input, let stops, let space): return .interpolate(curve, map(input), stops: stops.map { ($0.0, map($0.1)) }, space: space)
        case .toString(let inner): return .toString(map(inner))
        case .toNumber(let items): return .toNumber(all(items))
        case .toBoolean(let inner): return .toBoolean(map(inner))
        case .toColor(let items): return .toColor(all(items))
        case .assertType(let type, let items): return .assertType(type, all(items))
        case .concat(let items): return .concat(all(items))
        case .upcase(let inner): return .upcase(map(inner))
        case .downcase(let inner): return .downcase(map(inner))
        case .arithmetic(let operation, let items): return .arithmetic(operation, all(items))
        case .contains(let haystack, let needle): return .contains(map(haystack), map(needle))
        case .length(let inner): return .length(map(inner))
        case .bind(let names, let body): return .bind(names.map { ($0.0, map($0.1)) }, map(body))
        case .oneOf(let input, let values): return .oneOf(map(input), values)
        case .call(let function, let items): return .call(function, all(items))
        case .assertArray(let item, let length, let items): return .assertArray(item: item, length: length, all(items))
        }
    }
}
