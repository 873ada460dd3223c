require_relative 'backup'

level = ARGV.first || 'patch'
vfile = Dir['lib/**/version.rb'].first or abort 'version.rb not found'
src = File.read(vfile)
cur = src[/VERSION\s*=\s*['"](\d+\.\d+\.\d+)['"]/, 1]
maj, min, pat = cur.split('.').map(&:to_i)
nxt = case level
      when 'major' then "#{maj + 1}.0.0"
      when 'minor' then "#{maj}.#{min + 1}.0"
      else "#{maj}.#{min}.#{pat + 1}"
      end
File.write(vfile, src.sub(cur, nxt))
system('gem', 'build', Dir['*.gemspec'].first) or abort 'build failed'
system('git', 'tag', "v#{nxt}")
GemRelease::Backup.snapshot!
puts "Released #{nxt}. Now run: gem push *.gem"
