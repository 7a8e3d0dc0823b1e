/**
 * Pushes on this device and quiet hours (issue 15), under the notification switches. The browser is asked for
 * permission only when the switch is turned on; a refusal is explained with the way back. Browsers without Web
 * Push see one line saying so instead of a switch that cannot work. Whether this browser is subscribed is only
 * known after hydration, so the server and the first client render agree (the switch waits, disabled).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PushSettings as Settings } from '../../lib/api/push.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Loading } from '../Status.tsx';
import { Button } from '../ui/Button.tsx';
import { controlClass, Field } from '../ui/Field.tsx';
import { Panel } from '../ui/Panel.tsx';

type Device = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The worker the app registers after hydration (app/lib/service-worker.ts), registered here too if it is not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function PushSettings() {
  return (
    <div className="mt-6 flex flex-col gap-3">
      <DeviceSwitch />
      <QuietHours />
    </div>
  );
}

function DeviceSwitch() {
  const { api } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const [device, setDevice] = useState<Device>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) {
      setDevice('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setDevice('denied');
      return;
    }
    let cancelled = false;
    navigator.serviceWorker
      .getRegistration('/')
      .then((reg) => reg?.pushManager.getSubscription() ?? null)
      .then((sub) => {
        if (!cancelled) setDevice(sub && Notification.permission === 'granted' ? 'on' : 'off');
      })
      .catch(() => {
        if (!cancelled) setDevice('off');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setDevice(permission === 'denied' ? 'denied' : 'off');
      return;
    }
    const reg = await registration();
    const { public_key } = await api.pushPublicKey();
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
    try {
      await api.subscribePush(sub.toJSON());
    } catch (err) {
      // The server does not know this subscription: the browser must not keep it either.
      await sub.unsubscribe().catch(() => {});
      throw err;
    }
    setDevice('on');
    toast.success(intl.formatMessage({ id: 'push.on' }));
  }

  async function turnOff() {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      await api.unsubscribePush(sub.endpoint);
      await sub.unsubscribe();
    }
    setDevice('off');
    toast.success(intl.formatMessage({ id: 'push.off' }));
  }

  async function toggle() {
    // React's change event comes from the click, which preventDefault in onClick does not stop: a press while the
    // last one runs, or on a refused switch, must do nothing here too (no second subscription, no second prompt).
    if (busy || device === 'denied') return;
    setBusy(true);
    try {
      await (device === 'on' ? turnOff() : turnOn());
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  if (device === 'unsupported') {
    return (
      <Panel>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <FormattedMessage id="push.unsupported" />
        </p>
      </Panel>
    );
  }
  return (
    <Panel>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          checked={device === 'on'}
          aria-checked={device === 'on'}
          disabled={device === 'checking'}
          // Refused by the browser, it stays focusable (it may have just been pressed: disabling it would drop the
          // focus, decision 073) and says why; nor is it disabled while its own change runs. A press then does nothing.
          aria-disabled={device === 'denied'}
          aria-busy={busy || device === 'checking'}
          onClick={(e) => (busy || device === 'denied') && e.preventDefault()}
          aria-describedby={device === 'denied' ? 'push-device-hint push-denied' : 'push-device-hint'}
          onChange={toggle}
          className="mt-1 size-5 accent-brand-600"
        />
        <span>
          <span className="block font-medium">
            <FormattedMessage id="push.device" />
          </span>
          <span id="push-device-hint" className="block text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id="push.device_hint" />
          </span>
        </span>
      </label>
      {device === 'denied' ? (
        <p id="push-denied" role="alert" className="mt-3 text-sm text-amber-800 dark:text-amber-200">
          <FormattedMessage id="push.denied" />
        </p>
      ) : null}
    </Panel>
  );
}

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; settings: Settings };

function QuietHours() {
  const { api } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [enabled, setEnabled] = useState(false);
  const [from, setFrom] = useState('22:00');
  const [to, setTo] = useState('07:00');
  // The browser's zone, read after hydration (the server cannot know it).
  const [zone, setZone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, []);

  const load = useCallback(() => {
    setLoaded({ state: 'loading' });
    api
      .pushSettings()
      .then((settings) => {
        setLoaded({ state: 'ready', settings });
        if (settings.quiet_hours) {
          setEnabled(true);
          setFrom(settings.quiet_hours.from);
          setTo(settings.quiet_hours.to);
        }
      })
      .catch(() => setLoaded({ state: 'error' }));
  }, [api]);

  useEffect(load, [load]);

  const same = enabled && from === to;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (same || !zone) return;
    setBusy(true);
    try {
      const settings = await api.savePushSettings({ quiet_hours: enabled ? { from, to, time_zone: zone } : null });
      setLoaded({ state: 'ready', settings });
      toast.success(intl.formatMessage({ id: 'settings.saved' }));
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel as="form" padding="lg" aria-labelledby="quiet-hours-heading" aria-busy={busy} noValidate onSubmit={save}>
      <h2 id="quiet-hours-heading" className="font-semibold">
        <FormattedMessage id="push.quiet" />
      </h2>
      {loaded.state === 'loading' ? (
        <div className="mt-2">
          <Loading />
        </div>
      ) : loaded.state === 'error' ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            <FormattedMessage id="errors.unavailable" />
          </p>
          <Button variant="secondary" size="sm" onClick={load}>
            <FormattedMessage id="common.retry" />
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id="push.quiet_hint" values={{ zone: <bdi>{zone ?? '…'}</bdi> }} />
          </p>
          <label className="mt-3 flex items-center gap-3">
            <input
              type="checkbox"
              role="switch"
              checked={enabled}
              aria-checked={enabled}
              onChange={() => setEnabled(!enabled)}
              className="size-5 accent-brand-600"
            />
            <FormattedMessage id="push.quiet_enable" />
          </label>
          {enabled ? (
            <div className="mt-3 flex flex-wrap gap-4">
              <Field label={<FormattedMessage id="push.quiet_from" />} error={same ? <FormattedMessage id="push.quiet_same" /> : undefined}>
                {(control) => (
                  <input
                    {...control}
                    type="time"
                    required
                    value={from}
                    onChange={(e) => setFrom(e.target.value)}
                    className={controlClass}
                  />
                )}
              </Field>
              <Field label={<FormattedMessage id="push.quiet_to" />}>
                {(control) => (
                  <input {...control} type="time" required value={to} onChange={(e) => setTo(e.target.value)} className={controlClass} />
                )}
              </Field>
            </div>
          ) : null}
          <div className="mt-4">
            <Button type="submit" variant="primary" busy={busy} disabled={same || !zone || !from || !to}>
              <FormattedMessage id="push.quiet_save" />
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
