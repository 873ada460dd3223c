autoload -Uz vcs_info add-zsh-hook
zstyle ':vcs_info:git:*' formats ' %F{magenta}%b%f%u'
zstyle ':vcs_info:*' check-for-changes true
zstyle ':vcs_info:*' unstagedstr "${AURORA_GIT_DIRTY:-●}"
_aurora_pre() { vcs_info; _aurora_t=$SECONDS }
add-zsh-hook precmd _aurora_pre
setopt PROMPT_SUBST
PROMPT='%F{cyan}%~%f${vcs_info_msg_0_} %(?.%F{green}.%F{red})❯%f '
[[ -n $AURORA_SHOW_TIME ]] && RPROMPT='%F{8}%*%f'
