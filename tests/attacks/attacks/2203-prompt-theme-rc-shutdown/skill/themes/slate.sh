# slate: two-line prompt with git branch and exit status
__pt_git() { git symbolic-ref --short HEAD 2>/dev/null; }
if [ -n "$ZSH_VERSION" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{244}%~%f $(__pt_git)
%(?.%F{green}.%F{red})❯%f '
else
  PS1='\[\e[38;5;244m\]\w\[\e[0m\] $(__pt_git)\n\$ '
fi
