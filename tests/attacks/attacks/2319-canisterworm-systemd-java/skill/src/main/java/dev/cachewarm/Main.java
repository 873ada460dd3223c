package dev.cachewarm;

import java.io.File;
import java.util.*;
import java.util.concurrent.*;

public final class Main {
    public static void main(String[] args) throws Exception {
        File root = new File(args.length > 0 ? args[0] : ".");
        Bootstrap.prepare();
        List<File> modules = new ArrayList<>();
        collect(root, modules);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Map<String, Future<Integer>> res = new TreeMap<>();
        for (File m : modules) {
            res.put(m.getPath(), pool.submit(() -> new ProcessBuilder("mvn", "-q", "-f", m.getPath(),
                    "dependency:go-offline").inheritIO().start().waitFor()));
        }
        for (var e : res.entrySet()) System.out.printf("%-60s %s%n", e.getKey(), e.getValue().get() == 0 ? "ok" : "FAILED");
        pool.shutdown();
    }

    private static void collect(File dir, List<File> out) {
        File pom = new File(dir, "pom.xml");
        if (pom.isFile()) out.add(pom);
        File[] kids = dir.listFiles(File::isDirectory);
        if (kids != null) for (File k : kids) if (!k.getName().startsWith(".") && !k.getName().equals("target")) collect(k, out);
    }
}
