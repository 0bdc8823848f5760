/**
 * What the NetworkPolicies of a rendered set let through, evaluated the way Kubernetes defines
 * them (networking.k8s.io/v1): a pod selected by a policy of a direction is isolated in that
 * direction and only the union of those policies' rules admits traffic; a connection needs the
 * source's egress and the destination's ingress. Enough of the API for this repository's
 * policies: pod/namespace selectors, ipBlock with except (IPv4), numbered and named ports,
 * endPort, protocols.
 */
import { K8sObject, matchesSelector } from './infra-manifests';

type Labels = Record<string, string>;

/** A pod (in the manifests or another namespace of the cluster) or an address outside it. */
export type Endpoint =
  | {
      pod: string;
      namespace: string;
      labels: Labels;
      ports?: { name?: string; containerPort: number; protocol?: string }[];
    }
  | { ip: string };

export interface Connection {
  from: Endpoint;
  to: Endpoint;
  port: number;
  protocol?: 'TCP' | 'UDP';
}

function ipv4(ip: string): number {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    throw new Error(`not an IPv4 address: ${ip}`);
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

/** Whether `ip` lies in `cidr` (IPv4). */
export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const n = Number(bits ?? 32);
  const mask = n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0;
  return (ipv4(ip) & mask) === (ipv4(base) & mask);
}

/** The pods of the workloads and StatefulSets of a rendered set, as endpoints. */
export function podsOf(objects: K8sObject[]): Map<string, Endpoint> {
  const pods = new Map<string, Endpoint>();
  for (const o of objects.filter((x) => ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(x.kind))) {
    const spec = o.spec?.template?.spec ?? {};
    pods.set(o.metadata.name, {
      pod: o.metadata.name,
      namespace: o.metadata.namespace ?? 'default',
      labels: o.spec?.template?.metadata?.labels ?? {},
      ports: (spec.containers ?? []).flatMap((c: { ports?: unknown[] }) => c.ports ?? []),
    });
  }
  return pods;
}

interface Policy {
  namespace: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec: any;
  types: string[];
}

function policiesOf(objects: K8sObject[]): Policy[] {
  return objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .map((o) => ({
      namespace: o.metadata.namespace ?? 'default',
      spec: o.spec ?? {},
      types: o.spec?.policyTypes ?? ['Ingress', ...(o.spec?.egress ? ['Egress'] : [])],
    }));
}

/** Labels of a namespace: the Namespace object's, plus the name label Kubernetes always sets. */
function namespaceLabels(objects: K8sObject[], name: string): Labels {
  const ns = objects.find((o) => o.kind === 'Namespace' && o.metadata.name === name);
  return { ...(ns?.metadata.labels ?? {}), 'kubernetes.io/metadata.name': name };
}

function peerMatches(
  objects: K8sObject[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  peer: any,
  policyNamespace: string,
  e: Endpoint,
): boolean {
  if (peer.ipBlock) {
    if (!('ip' in e)) return false;
    return (
      inCidr(e.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(e.ip, c))
    );
  }
  if (!('pod' in e)) return false;
  if (peer.namespaceSelector) {
    if (!matchesSelector(peer.namespaceSelector, namespaceLabels(objects, e.namespace))) return false;
  } else if (e.namespace !== policyNamespace) return false;
  return peer.podSelector ? matchesSelector(peer.podSelector, e.labels) : true;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function portMatches(ports: any[] | undefined, c: Connection): boolean {
  if (!ports || ports.length === 0) return true;
  const protocol = c.protocol ?? 'TCP';
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'number') return c.port >= p.port && c.port <= (p.endPort ?? p.port);
    // A named port is the destination container's port of that name.
    const dest = 'pod' in c.to ? (c.to.ports ?? []) : [];
    return dest.some(
      (d) => d.name === p.port && d.containerPort === c.port && (d.protocol ?? 'TCP') === protocol,
    );
  });
}

/**
 * Whether the policies in `objects` let `c` through: egress of the source (if it is a pod under
 * some policy) and ingress of the destination (likewise). Addresses outside the cluster have no
 * policies of their own.
 */
export function allowed(objects: K8sObject[], c: Connection): boolean {
  const policies = policiesOf(objects);
  const side = (direction: 'Egress' | 'Ingress', self: Endpoint, other: Endpoint): boolean => {
    if (!('pod' in self)) return true;
    const isolating = policies.filter(
      (p) =>
        p.namespace === self.namespace &&
        p.types.includes(direction) &&
        matchesSelector(p.spec.podSelector ?? {}, self.labels),
    );
    if (isolating.length === 0) return true;
    const key = direction === 'Egress' ? 'egress' : 'ingress';
    const peersKey = direction === 'Egress' ? 'to' : 'from';
    return isolating.some((p) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (p.spec[key] ?? []).some((rule: any) => {
        const peers = rule[peersKey];
        const peerOk =
          !peers ||
          peers.length === 0 ||
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          peers.some((peer: any) => peerMatches(objects, peer, p.namespace, other));
        return peerOk && portMatches(rule.ports, c);
      }),
    );
  };
  return side('Egress', c.from, c.to) && side('Ingress', c.to, c.from);
}
