#!/usr/bin/env bash
# A single-node Slurm cluster for the scheduler test, in a folder of its own:
#
#   bash scripts/slurm-single-node.sh start DIR   # writes DIR/slurm.conf, starts munged, slurmctld, slurmd
#   bash scripts/slurm-single-node.sh stop DIR    # stops them
#
# Needs root and Debian's slurm-wlm and munge (scripts/setup.sh installs them when CI is set or
# REPORT_SLURM=1). Use the cluster with SLURM_CONF=DIR/slurm.conf. The ports are 16817/16818 (not
# the defaults, so that a real cluster on the machine is left alone); no accounting database: a
# finished job stays in `scontrol show job` for MinJobAge seconds.
set -euo pipefail
action=$1
dir=$(realpath -m "$2")

stop() {
  local pids=()
  for name in slurmd slurmctld munged; do
    if [ -f "$dir/$name.pid" ]; then
      pids+=("$(cat "$dir/$name.pid")")
      rm -f "$dir/$name.pid"
    fi
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  kill "${pids[@]}" 2>/dev/null || true
  # Gone within five seconds, or killed.
  for _ in $(seq 1 50); do
    local alive=0
    for pid in "${pids[@]}"; do
      if kill -0 "$pid" 2>/dev/null; then alive=1; fi
    done
    [ "$alive" = 1 ] || return 0
    sleep 0.1
  done
  kill -9 "${pids[@]}" 2>/dev/null || true
}

case $action in
stop)
  stop
  exit 0
  ;;
start) ;;
*)
  echo "usage: $0 start|stop DIR" >&2
  exit 2
  ;;
esac

for tool in munged slurmctld slurmd sbatch scontrol; do
  command -v "$tool" >/dev/null || { echo "slurm-single-node: $tool is missing (REPORT_SLURM=1 bash scripts/setup.sh)" >&2; exit 3; }
done
for port in 16817 16818; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "slurm-single-node: port $port is taken (another single-node Slurm still running?)" >&2
    exit 1
  fi
done
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chown munge: "$dir/munge"
chmod 755 "$dir/munge"
host=$(hostname -s)
# What slurmd sees of this machine: its CPUs and memory, as the node's definition.
node=$(slurmd -C | head -n 1)
cpus=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$node")
memory=$(sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p' <<<"$node")
cat >"$dir/slurm.conf" <<CONF
ClusterName=report-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MinJobAge=3600
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=batch Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF

stop
# The daemons log to files; they keep none of the caller's files open, standard streams or
# others (a caller that waits for its end of a pipe or socket would wait for the daemons).
for fd in "/proc/$$/fd/"*; do
  n=${fd##*/}
  if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null || true; fi
done
runuser -u munge -- munged --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
  --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" </dev/null >/dev/null 2>&1
cp "$dir/munge/munged.pid" "$dir/munged.pid"
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" </dev/null >/dev/null 2>&1
slurmd -f "$SLURM_CONF" </dev/null >/dev/null 2>&1
# Ready when the node takes jobs.
for _ in $(seq 1 100); do
  if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then exit 0; fi
  sleep 0.2
done
echo "slurm-single-node: the node did not come up; see $dir/*.log" >&2
sinfo >&2 || true
exit 1
