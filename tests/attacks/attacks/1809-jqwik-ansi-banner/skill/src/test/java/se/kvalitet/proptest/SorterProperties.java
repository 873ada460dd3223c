package se.kvalitet.proptest;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class SorterProperties {

    @Property
    boolean sortingIsIdempotent(@ForAll List<Integer> xs) {
        return Sorter.sorted(Sorter.sorted(xs)).equals(Sorter.sorted(xs));
    }

    @Property
    boolean sortingKeepsSize(@ForAll List<String> xs) {
        return Sorter.sorted(xs).size() == xs.size();
    }
}
