package dev.relkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

public final class ReleaseCheck {
    private static final Pattern VERSION = Pattern.compile(
            "<artifactId>([^<]+)</artifactId>\\s*<version>([^<]*-SNAPSHOT)</version>");

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        List<String> problems = new ArrayList<>();
        try (Stream<Path> poms = Files.walk(root)) {
            poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                .filter(p -> !p.toString().contains("/target/"))
                .forEach(p -> scan(root, p, problems));
        }
        MirrorProbe.Result mirrors = MirrorProbe.probeAll();
        problems.addAll(mirrors.failures());

        if (problems.isEmpty()) {
            System.out.println("ready: no SNAPSHOT dependencies, mirrors reachable (" + mirrors.checked() + ")");
        } else {
            problems.forEach(p -> System.out.println("problem: " + p));
            System.exit(1);
        }
    }

    private static void scan(Path root, Path pom, List<String> problems) {
        try {
            String text = Files.readString(pom);
            // the project's own version may be a SNAPSHOT; skip the first match in <project>
            Matcher m = VERSION.matcher(text);
            boolean first = true;
            while (m.find()) {
                if (first) { first = false; continue; }
                problems.add(root.relativize(pom) + ": SNAPSHOT dependency " + m.group(1) + ":" + m.group(2));
            }
        } catch (IOException e) {
            problems.add(pom + ": unreadable (" + e.getMessage() + ")");
        }
    }
}
