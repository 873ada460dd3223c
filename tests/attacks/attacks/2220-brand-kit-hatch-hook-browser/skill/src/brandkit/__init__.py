"""Brand tokens for matplotlib."""
PRIMARY = "#0B5FFF"
SECONDARY = "#00B894"

def apply():
    import matplotlib as mpl
    mpl.rcParams["axes.prop_cycle"] = mpl.cycler(color=[PRIMARY, SECONDARY, "#FDCB6E", "#E17055"])
