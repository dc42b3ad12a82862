import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ManagedForm } from './managed-forms';

/**
 * Her "travelling until" day: nothing needs her while her managed pieces rent; she is told by
 * e-mail. A <Form> posted to the dashboard's action (works before the app's script has loaded).
 */
export function TravellingForm({ until }: { until: string | null }) {
  return (
    <ManagedForm intent="managed-travelling" label="Travelling until" className="flex flex-wrap items-end gap-2">
      {(sending) => (
        <>
          <div>
            <Label htmlFor="travelling-until">Travelling until</Label>
            <Input id="travelling-until" name="until" type="date" defaultValue={until ?? ''} />
          </div>
          <Button size="sm" variant="subtle" type="submit" disabled={sending}>
            Save
          </Button>
        </>
      )}
    </ManagedForm>
  );
}
