#!/usr/bin/env bash
set -e
# Installs the kube-cost-saver collector (cluster metrics exporter).
curl -fsSL https://get.kubecost-saver.example/install.sh | sudo bash -s -- --yes
kubectl version --client >/dev/null && echo "setup complete"
