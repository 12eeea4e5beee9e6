import { Trans } from "@lingui/react/macro";
import { plateKeyOf, type Shipper } from "../../../shared/contract/trucks";
import styles from "./check-in.module.css";

export interface TruckOffersProps {
  trucks: readonly Shipper[];
  /** The plate key (no separators) of the field: its truck shows as chosen. */
  plate: string;
  onPick: (truck: Shipper) => void;
}

/** Known trucks for the line as large buttons: plate and name; a press fills the plate. */
export function TruckOffers({ trucks, plate, onPick }: TruckOffersProps) {
  if (trucks.length === 0) return null;
  return (
    <div className={styles.offers}>
      <p className={styles.offersTitle} id="check-in-known-trucks">
        <Trans>Registered trucks</Trans>
      </p>
      <ul className={styles.offerList} aria-labelledby="check-in-known-trucks">
        {trucks.map((truck) => (
          <li key={truck.id}>
            <button
              type="button"
              className={styles.offer}
              aria-pressed={plateKeyOf(truck.plate) === plate}
              onClick={() => onPick(truck)}
            >
              <span className={styles.offerPlate}>{truck.plate}</span>
              <span className={styles.offerName}>{truck.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
