/**
 * The calm panel opened from the crisis notice while writing: the one-minute step and the helplines for the
 * person's country (CrisisHelp), then the way back to their text. Never a block: closing it returns to the text
 * box with everything as it was, and the text can be sent.
 */
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { CrisisHelp } from './CrisisHelp.tsx';

export default function CrisisPanel({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      onClose={onClose}
      title={<FormattedMessage id="crisis.title" />}
      size="lg"
      closeLabel={intl.formatMessage({ id: 'crisis.close' })}
    >
      <div data-testid="crisis-panel" className="flex flex-col gap-5">
        <CrisisHelp level={3} />
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <FormattedMessage id="crisis.still_send" />
        </p>
        <div className="flex justify-end">
          <Button onClick={onClose} variant="primary">
            <FormattedMessage id="crisis.back_to_writing" />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
