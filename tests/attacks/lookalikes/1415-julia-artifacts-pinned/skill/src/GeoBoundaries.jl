module GeoBoundaries

using Artifacts, LazyArtifacts

export load_regions

"Return the path of the ADM1 GeoJSON file for the ISO3 country code `iso3`."
function load_regions(iso3::AbstractString)
    dir = artifact"geoboundaries_adm1"
    path = joinpath(dir, "adm1", uppercase(iso3) * ".geojson")
    isfile(path) || error("no boundaries for $(iso3)")
    return path
end

end
