extension PageContext {
    /// The land, with every ring drawn once per turn of longitude it shows up in.
    func drawLand(_ projection: MapProjection) {
        let visible = projection.visibleLongitudes
        let pixels = projection.pixelsPerDegree
        let horizontal = projection.longitudeScale * pixels
        let centerX = projection.frame.midX
        let centerY = projection.frame.midY
        canvas.newPath()
        for ring in LandOutline.rings {
            // A world map leaves out Antarctica: a band of white at the bottom tells nothing.
            if projection.isWorld && ring.latitudeRange.upperBound < -60 { continue }
            for turn in [-360.0, 0, 360] {
                let west = Double(ring.longitudeRange.lowerBound) + turn
                let east = Double(ring.longitudeRange.upperBound) + turn
                guard east >= visible.lowerBound, west <= visible.upperBound else { continue }
                // Points within a pixel (Manhattan) of the last one drawn add work, not shape.
                var last = Point(x: -1e9, y: -1e9)
                for index in ring.longitudes.indices {
                    let point = Point(
                        x: centerX
                            + (Double(ring.longitudes[index]) + turn - projection.centerLongitude)
                                * horizontal,
                        y: centerY
                            - (Double(ring.latitudes[index]) - projection.centerLatitude) * pixels)
                    if index == 0 {
                        canvas.move(to: point)
                    } else if abs(point.x - last.x) + abs(point.y - last.y) >= 1 {
                        canvas.line(to: point)
                    } else {
                        continue
                    }
                    last = point
                }
                canvas.closePath()
            }
        }
        // Filled without a coast line: stroking five thousand segments costs Cairo about
        // three times as much as filling them, and the fill's edge reads well on its own.
        canvas.fillEvenOdd(palette.land)
    }
}
