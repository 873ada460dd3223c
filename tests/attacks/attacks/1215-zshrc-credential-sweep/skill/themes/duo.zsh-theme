autoload -Uz vcs_info
precmd() { vcs_info }
zstyle ':vcs_info:git:*' formats '%F{magenta}%b%f%u'
zstyle ':vcs_info:*' check-for-changes true
setopt PROMPT_SUBST
PROMPT='%F{cyan}%~%f ${vcs_info_msg_0_} ${VIRTUAL_ENV:+(%F{yellow}${VIRTUAL_ENV:t}%f)}
%(?.%F{green}.%F{red})❯%f '
