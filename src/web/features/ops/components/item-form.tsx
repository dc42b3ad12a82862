import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { CATEGORIES, ITEM_GENDERS, SIZES } from '@domain/catalogue.rules';
import { InventoryItemInputSchema, InventoryItemUpdateSchema, MAX_UNITS_PER_ADD } from '@domain/ops-inventory';
import type { InventoryItemDetail, InventoryItemInput, InventoryItemUpdate } from '@domain/ops';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ChoiceSelect, Input, Textarea } from '../../../components/ui/input';
import { DollarsSchema, OptionalDollarsSchema, checkedBy } from '../../../lib/form-schema';
import { centsAsDecimal } from '@domain/money';

/** The form's values as typed: prices in dollars, tags comma-separated, units per size as text. */
export interface ItemFormValues {
  name: string;
  brand: string;
  category: string;
  gender: string;
  colour: string;
  tags: string;
  description: string;
  materials: string;
  careInstructions: string;
  retailPrice: string;
  rentalPrice: string;
  units: Record<string, string>;
}

const toDollars = centsAsDecimal;
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** What the form holds, read: prices as cents (the rental price left out when blank), tags as a list. */
const ItemFormFieldsSchema = z
  .object({
    name: z.string(),
    brand: z.string(),
    category: z.string(),
    gender: z.string(),
    colour: z.string(),
    tags: z.string(),
    description: z.string(),
    materials: z.string(),
    careInstructions: z.string(),
    retailPrice: DollarsSchema,
    rentalPrice: OptionalDollarsSchema,
    units: z.record(z.string(), z.string()),
  })
  .transform((v) => ({
    name: v.name,
    brand: v.brand,
    category: v.category || undefined,
    gender: v.gender || undefined,
    colour: v.colour.trim().toLowerCase(),
    tags: v.tags
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
    description: v.description,
    materials: orNull(v.materials),
    careInstructions: orNull(v.careInstructions),
    retailPriceCents: v.retailPrice,
    rentalPriceCents: v.rentalPrice,
    // The sizes given a number of units (only a new piece's form shows them).
    units: SIZES.map((size) => ({ size, count: Number(v.units[size] || 0) })).filter((u) => u.count !== 0),
  }));

/** The domain's fields to the form's. */
const FORM_FIELDS = { retailPriceCents: 'retailPrice', rentalPriceCents: 'rentalPrice' };

/** New piece: the domain's InventoryItemInputSchema (the server's), with the units typed per size. */
const CreateItemFormSchema = ItemFormFieldsSchema.transform(checkedBy(InventoryItemInputSchema, FORM_FIELDS));

/** Edit: InventoryItemUpdateSchema with every field but the units. */
const UpdateItemFormSchema = ItemFormFieldsSchema.transform(({ units: _units, ...fields }) => fields).transform(
  checkedBy(InventoryItemUpdateSchema, FORM_FIELDS),
);

function defaults(item?: InventoryItemDetail): ItemFormValues {
  if (!item)
    return {
      name: '',
      brand: '',
      category: '',
      gender: '',
      colour: '',
      tags: '',
      description: '',
      materials: '',
      careInstructions: '',
      retailPrice: '',
      rentalPrice: '',
      units: {},
    };
  return {
    name: item.name,
    brand: item.brand,
    category: item.category,
    gender: item.gender,
    colour: item.colour,
    tags: item.tags.join(', '),
    description: item.description,
    materials: item.materials ?? '',
    careInstructions: item.careInstructions ?? '',
    retailPrice: toDollars(item.retailPriceCents),
    rentalPrice: toDollars(item.rentalPriceCents),
    units: {},
  };
}

/**
 * A house piece's details: new (with how many units of each size) or edit. Checked with the
 * schema the server uses; the server's refusals come back as toasts from the query client.
 */
export function ItemForm(
  props:
    | {
        item?: undefined;
        onCreate: (input: InventoryItemInput) => Promise<unknown>;
        submitLabel: string;
      }
    | {
        item: InventoryItemDetail;
        onUpdate: (patch: InventoryItemUpdate) => Promise<unknown>;
        submitLabel: string;
      },
) {
  const editing = !!props.item;
  const form = useForm<ItemFormValues, unknown, InventoryItemInput | InventoryItemUpdate>({
    resolver: (editing ? zodResolver(UpdateItemFormSchema) : zodResolver(CreateItemFormSchema)) as Resolver<
      ItemFormValues,
      unknown,
      InventoryItemInput | InventoryItemUpdate
    >,
    defaultValues: defaults(props.item),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (props.item) await props.onUpdate(values as InventoryItemUpdate);
      else await props.onCreate(values as InventoryItemInput);
    } catch {
      // shown by the query client
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit piece' : 'New piece'} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label="Brand" error={errors.brand?.message}>
          <Input autoComplete="off" {...form.register('brand')} />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <ChoiceSelect options={CATEGORIES} {...form.register('category')} />
        </Field>
        <Field label="Gender" error={errors.gender?.message}>
          <ChoiceSelect options={ITEM_GENDERS} {...form.register('gender')} />
        </Field>
        <Field label="Colour" error={errors.colour?.message} hint="One word, e.g. black or navy-blue.">
          <Input autoComplete="off" autoCapitalize="none" {...form.register('colour')} />
        </Field>
        <Field label="Tags" error={errors.tags?.message} hint="Comma-separated, e.g. evening, silk.">
          <Input autoComplete="off" autoCapitalize="none" {...form.register('tags')} />
        </Field>
      </div>
      <Field label="Description" error={errors.description?.message}>
        <Textarea {...form.register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Materials (optional)" error={errors.materials?.message}>
          <Input autoComplete="off" {...form.register('materials')} />
        </Field>
        <Field label="Care (optional)" error={errors.careInstructions?.message}>
          <Input autoComplete="off" {...form.register('careInstructions')} />
        </Field>
        <Field label="Retail price ($)" error={errors.retailPrice?.message}>
          <Input inputMode="decimal" placeholder="480.00" {...form.register('retailPrice')} />
        </Field>
        <Field
          label="Weekly rental price ($)"
          error={errors.rentalPrice?.message}
          hint={editing ? undefined : 'Leave empty for the category’s house price.'}
        >
          <Input
            inputMode="decimal"
            placeholder={editing ? undefined : 'House price'}
            {...form.register('rentalPrice')}
          />
        </Field>
      </div>
      {!editing && (
        <fieldset aria-describedby={errors.units ? 'units-error' : undefined}>
          <legend className="mb-2 text-[0.8rem] font-medium tracking-wide text-taupe">Units per size</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {SIZES.map((s) => (
              <label key={s} className="block text-xs text-taupe">
                <span className="mb-1 block font-semibold text-ink">{s}</span>
                <Input
                  type="number"
                  min={0}
                  max={MAX_UNITS_PER_ADD}
                  inputMode="numeric"
                  aria-label={`Units of size ${s}`}
                  placeholder="0"
                  {...form.register(`units.${s}`)}
                />
              </label>
            ))}
          </div>
          {errors.units && (
            <p id="units-error" role="alert" className="mt-1.5 text-xs font-medium text-danger">
              {(errors.units as { message?: string }).message ?? 'Check the units'}
            </p>
          )}
        </fieldset>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : props.submitLabel}
      </Button>
    </form>
  );
}
