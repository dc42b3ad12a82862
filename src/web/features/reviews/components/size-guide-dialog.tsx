import { Ruler } from 'lucide-react';
import type { Category } from '@domain/catalogue.rules';
import { sizeGuideFor } from '@domain/reviews.rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';

/** 'Size guide': the category's measurement table, in a dialog (focus moves in and back). */
export function SizeGuideDialog({ category, gender }: { category: Category; gender: 'Women' | 'Men' }) {
  const guide = sizeGuideFor(category, gender);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto gap-1.5 text-[0.8rem]">
          <Ruler aria-hidden="true" /> Size guide
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Size guide"
        description={`${guide.title}: body measurements in centimetres.`}
        className="max-w-xl"
      >
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{guide.title} sizes and measurements</caption>
            <thead>
              <tr className="border-b border-linen text-[0.7rem] tracking-[0.12em] text-stone uppercase">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Size
                </th>
                {guide.columns.map((c) => (
                  <th key={c} scope="col" className="py-2 pr-4 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guide.rows.map((r) => (
                <tr key={r.size} className="border-b border-linen/70 last:border-0">
                  <th scope="row" className="py-2.5 pr-4 font-display text-lg font-medium">
                    {r.size}
                  </th>
                  {r.values.map((v, i) => (
                    <td key={i} className="py-2.5 pr-4 text-taupe tabular-nums">
                      {v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-5 text-xs leading-relaxed text-stone">{guide.note}</p>
      </DialogContent>
    </Dialog>
  );
}
