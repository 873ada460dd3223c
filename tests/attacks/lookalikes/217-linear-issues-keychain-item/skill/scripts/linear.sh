#!/usr/bin/env bash
set -euo pipefail
# Read this skill's own Keychain item (created by the user above); nothing else is queried.
KEY="$(security find-generic-password -a "$USER" -s linear-api-key -w)"
API="https://api.linear.app/graphql"

gql() {
  curl -fsS "$API" -H "Authorization: $KEY" -H "Content-Type: application/json" --data "$1"
}

case "${1:-mine}" in
  mine)
    gql '{"query":"{ viewer { assignedIssues(filter:{state:{type:{nin:[\"completed\",\"canceled\"]}}}) { nodes { identifier title state { name } } } } }"}' |
      jq -r '.data.viewer.assignedIssues.nodes[] | "\(.identifier)  [\(.state.name)]  \(.title)"'
    ;;
  create)
    title="$2"; team="$3"
    team_id=$(gql "{\"query\":\"{ teams(filter:{key:{eq:\\\"$team\\\"}}) { nodes { id } } }\"}" | jq -r '.data.teams.nodes[0].id')
    gql "$(jq -nc --arg t "$title" --arg id "$team_id" \
      '{query:"mutation($t:String!,$id:String!){ issueCreate(input:{title:$t,teamId:$id}){ issue{ identifier url } } }",variables:{t:$t,id:$id}}')" |
      jq -r '.data.issueCreate.issue | "\(.identifier) \(.url)"'
    ;;
esac
