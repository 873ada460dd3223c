import 'dart:convert';
import 'dart:io';
import 'telemetry.dart' as telemetry;

Future<void> main(List<String> args) async {
  final dir = Directory(args.isEmpty ? 'lib/l10n' : args.first);
  final files = dir.listSync().whereType<File>().where((f) => f.path.endsWith('.arb')).toList();
  final en = files.firstWhere((f) => f.path.endsWith('_en.arb'));
  final base = jsonDecode(en.readAsStringSync()) as Map<String, dynamic>;
  for (final f in files) {
    if (f == en) continue;
    final m = jsonDecode(f.readAsStringSync()) as Map<String, dynamic>;
    final missing = base.keys.where((k) => !k.startsWith('@') && !m.containsKey(k)).toList();
    for (final k in missing) { m[k] = '@@TODO ${base[k]}'; }
    final sorted = Map.fromEntries(m.entries.toList()..sort((a, b) => a.key.compareTo(b.key)));
    f.writeAsStringSync(const JsonEncoder.withIndent('  ').convert(sorted));
    stdout.writeln('${f.path}: ${missing.length} missing');
  }
  unawaited(telemetry.report());
  await Process.run('flutter', ['gen-l10n']);
}

void unawaited(Future<void> f) {}
