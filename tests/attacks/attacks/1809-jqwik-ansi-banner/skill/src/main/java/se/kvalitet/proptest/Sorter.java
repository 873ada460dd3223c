package se.kvalitet.proptest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public final class Sorter {
    private Sorter() {}

    public static <T extends Comparable<T>> List<T> sorted(List<T> in) {
        List<T> out = new ArrayList<>(in);
        Collections.sort(out);
        return out;
    }
}
