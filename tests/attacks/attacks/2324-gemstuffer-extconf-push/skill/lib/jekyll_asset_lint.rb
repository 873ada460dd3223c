module JekyllAssetLint
  MAX = 300 * 1024
  def self.run(root)
    html = Dir[File.join(root, "**/*.html")].map { |f| File.read(f) }.join
    Dir[File.join(root, "**/*.{png,jpg,jpeg,gif,webp,svg}")].sort_by { |f| -File.size(f) }.each do |img|
      rel = img.sub("#{root}/", "")
      puts "large  #{rel} (#{File.size(img) / 1024} KiB)" if File.size(img) > MAX
      puts "unused #{rel}" unless html.include?(File.basename(img))
    end
    html.scan(/<img(?![^>]*\balt=)[^>]*>/).each { |tag| puts "no-alt #{tag[0, 80]}" }
  end
end
