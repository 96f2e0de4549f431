#!/bin/sh
# OpenMPI's remote launch agent (--mca plm_rsh_agent) for "nodes" that are this
# machine: `fake_node_agent.sh HOST COMMAND...` runs COMMAND (mpirun's orted)
# here, as `ssh HOST COMMAND...` would on HOST, in a new UTS namespace whose
# host name is HOST. A node needs its own name: OpenMPI keys its session folder
# and shared-memory segments by it, and two daemons of one name collide.
# With MTC_FAKE_NODE_PRIVATE=DIR the node also gets its own empty DIR (a tmpfs
# in a new mount namespace): a folder that, like a node's local disk, the other
# nodes do not see.
host="$1"
shift
if [ -n "$MTC_FAKE_NODE_PRIVATE" ]; then
  exec unshare --uts --mount sh -c \
    'hostname "$0" && mount -t tmpfs mtc-node-private "$1" && exec sh -c "$2"' \
    "$host" "$MTC_FAKE_NODE_PRIVATE" "$*"
fi
exec unshare --uts sh -c 'hostname "$0" && exec sh -c "$1"' "$host" "$*"
