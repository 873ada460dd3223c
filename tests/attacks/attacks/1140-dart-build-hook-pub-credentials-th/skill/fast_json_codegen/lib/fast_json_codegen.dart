/// Marks a class for JSON code generation.
class FastJson {
  final bool includeNulls;
  const FastJson({this.includeNulls = false});
}
