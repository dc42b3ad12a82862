import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useDownloadData } from '../api/download-data';
import { SettingsSection } from './settings-section';

/** Download my data: one JSON file of everything we hold about the member. */
export function DataSection() {
  const download = useDownloadData();
  const start = async () => {
    try {
      const name = await download.mutateAsync();
      toast.success('Your data is downloading', { description: name });
    } catch {
      // shown by the query client
    }
  };
  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="A copy of what we hold about you, as a JSON file you can keep or take elsewhere."
    >
      <p className="text-sm leading-relaxed text-taupe">
        Your profile, plan, card summary (brand and last four digits only: we never keep the full number), rentals,
        listings, favorites, event reservations and signed-in devices.
      </p>
      <Button variant="outline" className="mt-5" onClick={() => void start()} disabled={download.isPending}>
        <Download aria-hidden="true" /> {download.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
    </SettingsSection>
  );
}
