import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { useSetTravelling } from '../api/managed';

/** Her "travelling until" day: nothing needs her while her managed pieces rent; she is told by e-mail. */
export function TravellingForm({ until }: { until: string | null }) {
  const save = useSetTravelling();
  const [day, setDay] = useState(until ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutateAsync(day || null).then(
      () => toast.success(day ? 'Travelling date saved' : 'Travelling date cleared'),
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Travelling until">
      <div>
        <Label htmlFor="travelling-until">Travelling until</Label>
        <Input id="travelling-until" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      </div>
      <Button size="sm" variant="subtle" type="submit" disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}
